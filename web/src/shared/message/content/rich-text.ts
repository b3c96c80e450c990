/*
 * The one place the message list reaches the markdown module: replies are markdown, the user's
 * own messages plain text. Tests replace this module with light stand-ins, so they check what
 * the list passes on without rendering (or lazily loading) real markdown.
 */
export { Markdown, PlainText } from '@/shared/markdown';
