/** Message rendering for the chat screen: model replies as markdown, user messages as typed. */
export { Markdown, preloadMarkdown } from './markdown';
export { PlainText } from './plain-text';
