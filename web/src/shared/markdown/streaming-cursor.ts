import type { Element, Root, RootContent } from 'hast';

/** The class the cursor element carries; styled (and made to blink) in markdown.css. */
export const STREAMING_CURSOR_CLASS = 'md-streaming-cursor';

/**
 * Blocks the cursor goes into: it follows the last word of the last paragraph, list item,
 * heading or table cell, however deeply nested. It stays after, never inside, inline elements
 * and code blocks, where it would become part of what the user copies or clicks.
 */
const TEXT_CONTAINERS = new Set([
  'p',
  'li',
  'ul',
  'ol',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'section',
]);

/** Block-level siblings are separated by "\n" text nodes; those are not the end of the text. */
const endsText = (node: RootContent) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== '');

/**
 * A rehype plugin that appends a blinking cursor at the end of the rendered reply. It works on
 * the tree after parsing, so it can never change how the markdown itself is read.
 */
export function rehypeStreamingCursor() {
  return (tree: Root) => {
    let parent: Root | Element = tree;
    for (;;) {
      const children: RootContent[] = parent.children;
      const last = children.findLast(endsText);
      if (last?.type !== 'element' || !TEXT_CONTAINERS.has(last.tagName)) break;
      parent = last;
    }
    const cursor: Element = {
      type: 'element',
      tagName: 'span',
      properties: { className: [STREAMING_CURSOR_CLASS], ariaHidden: 'true' },
      children: [],
    };
    parent.children.push(cursor);
  };
}
