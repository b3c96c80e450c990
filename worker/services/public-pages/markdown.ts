import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * The operator's Markdown as safe HTML. micromark writes only the elements Markdown itself
 * produces: raw HTML in the source (a `<script>`, an `onclick=`, an `<iframe>`) is escaped and
 * shows as text, and a link or image whose address is not http(s), mailto or relative (a
 * `javascript:` or `data:` URL) gets an empty one. GitHub's extensions add tables, strikethrough,
 * task lists and autolinks, all through the same escaping.
 */
export function markdownToSafeHtml(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

const DESCRIPTION_MAX_CHARS = 200;

/**
 * A one-line summary for `<meta name="description">` and link previews: the first paragraph
 * that is not a heading or a quote, with Markdown's punctuation removed.
 */
export function markdownSummary(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !/^(#|>|```|\||-{3,}|\*{3,})/.test(block));
  if (!paragraph) return '';
  const flat = paragraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > DESCRIPTION_MAX_CHARS ? `${flat.slice(0, DESCRIPTION_MAX_CHARS - 1)}…` : flat;
}
