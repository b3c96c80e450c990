/**
 * Escaping for the server-rendered share page. Everything shown there comes from users
 * (titles, messages), so every value goes through one of these; nothing is inserted raw.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe as element text and as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON that can sit inside `<script type="application/json">`: `<` is escaped so no
 * `</script>` or `<!--` in the data can end or alter the element; `>` and `&` for good
 * measure, and U+2028/U+2029, which some parsers treat as line breaks. `JSON.parse` reads
 * the escapes back to the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
