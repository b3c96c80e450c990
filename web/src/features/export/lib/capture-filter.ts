/** Elements that are controls: they act on the page, so a picture of the chat leaves them out. */
const CONTROL_TAGS = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']);

/**
 * Whether html-to-image draws `node` (and so its subtree) into the screenshot: content yes,
 * controls such as a code block's "Copy code" button no. Text and other non-element nodes are
 * always kept.
 */
export function isCapturedNode(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  return !CONTROL_TAGS.has(node.tagName) && node.getAttribute('role') !== 'button';
}
