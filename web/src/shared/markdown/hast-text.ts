import type { ElementContent, Element } from 'hast';

/** The text of a hast subtree (what a code block or formula contains). */
export function hastText(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(hastText).join('');
}

/** The element's classes, however hast stored them. */
export function hastClasses(node: Element): string[] {
  const value = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return value ? String(value).split(/\s+/) : [];
}
