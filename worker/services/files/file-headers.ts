/**
 * Header values built from user-controlled data (a file's name and metadata). Headers are
 * ISO-8859-1 on the wire and workerd refuses control characters in them, so nothing taken
 * from a file may reach a header unencoded.
 */

/** Characters that are never part of a name offered for saving (controls, path separators). */
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f/\\]/g;

/** The name offered for saving: unsafe characters dropped, never empty. */
function safeName(filename: string): string {
  const cleaned = filename.replace(UNSAFE_NAME, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

/**
 * The plain-ASCII fallback for `filename="…"`: accents are dropped (é → e), other non-ASCII
 * characters and the quoted-string specials `"` and `\` become `_`.
 */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * RFC 5987 `ext-value` encoding: percent-encoded UTF-8 where only attr-chars stay literal.
 * encodeURIComponent leaves `'()*` literal, which attr-char does not allow.
 */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` per RFC 6266: `filename="…"` for old clients and `filename*=UTF-8''…`,
 * which every current browser prefers, so a non-ASCII name is saved as it was uploaded.
 */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const name = safeName(filename);
  return `${kind}; filename="${asciiFallback(name)}"; filename*=UTF-8''${extValue(name)}`;
}

/**
 * The `x-file-metadata` header: the file's JSON with every character outside printable ASCII
 * written as a JSON `\u` escape of four hex digits. JSON.stringify already escapes the control characters;
 * escaping the rest (names in any script, emoji as their two UTF-16 halves) leaves a header
 * value of plain ASCII that is still the same JSON, so the client's `JSON.parse` of the header
 * gives back the exact names without any extra decoding step.
 */
export function metadataHeader(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
