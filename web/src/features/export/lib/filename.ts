/**
 * A download name that every common OS accepts (the conversation title sanitised, or
 * 'file' when nothing is left), in the spirit of the `filenamify`
 * package LibreChat uses: characters Windows, macOS or Linux reserve become `_`, runs of them
 * collapse, names Windows keeps for devices get a suffix, and the name stays short.
 */

export const DEFAULT_EXPORT_FILENAME = 'file';

/** Room for the extension within the 255-byte limit of most file systems, like filenamify's 100. */
export const MAX_FILENAME_CHARS = 100;

const REPLACEMENT = '_';
// Reserved on Windows (<>:"/\|?*), plus the C0/C1 control characters (no OS allows NUL; Windows
// refuses all of 1–31), and DEL.
const RESERVED = /[<>:"/\\|?*\u0000-\u001F\u007F-\u009F]+/g;
/** CON, PRN, AUX, NUL, COM1–9, LPT1–9, with or without an extension, in any case. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

export function sanitizeFilename(name: string | null | undefined): string {
  // Line breaks and tabs (a pasted title) read as spaces; other control characters are replaced.
  let cleaned = (name ?? '').normalize('NFC').replace(/\s+/g, ' ').replace(RESERVED, REPLACEMENT);
  // Windows drops trailing dots and spaces (and "." / ".." are not names); a leading dot hides
  // the file on Unix. Either way the file would not be what the user typed.
  cleaned = cleaned.replace(/^[\s.]+|[\s.]+$/g, '');
  if (WINDOWS_DEVICE.test(cleaned)) cleaned = `${cleaned}${REPLACEMENT}`;
  cleaned = truncateChars(cleaned, MAX_FILENAME_CHARS).replace(/[\s.]+$/, '');
  return cleaned === '' ? DEFAULT_EXPORT_FILENAME : cleaned;
}

/** Cuts by code point, so an emoji is never split into half a surrogate pair. */
function truncateChars(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('');
}

/** The name the browser saves: sanitised base name plus the format's extension. */
export function exportFilename(name: string | null | undefined, extension: string): string {
  return `${sanitizeFilename(name)}.${extension}`;
}
