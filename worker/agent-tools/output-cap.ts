/**
 * A tool's output goes back to the model on every later turn and is stored with the reply, so it
 * is capped in bytes. The cut falls on a UTF-8 character boundary (never half a character) and a
 * note says what was cut, so the model and the user both know they see only the start.
 */

/** The most bytes of one tool's output the model is given. */
export const TOOL_OUTPUT_MAX_BYTES = 32 * 1024;

/** The note appended to a cut output: `shown` and `total` are byte counts. */
export function outputCutNote(shown: number, total: number): string {
  return `[Tool output cut: showing the first ${shown} of ${total} bytes.]`;
}

/** `text` when it fits in `maxBytes` of UTF-8, else its longest whole-character prefix that fits plus the note. */
export function capToolOutput(text: string, maxBytes: number = TOOL_OUTPUT_MAX_BYTES, totalBytes?: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Back off continuation bytes (10xxxxxx) so the cut starts no character it cannot finish.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  const shown = new TextDecoder().decode(bytes.subarray(0, end));
  return `${shown}\n\n${outputCutNote(end, totalBytes ?? bytes.length)}`;
}

const CUT_NOTE = /\n\n\[Tool output cut: showing the first \d+ of (\d+) bytes\.\]$/;

/**
 * An output (perhaps already cut) cut again to `maxBytes` of text: one note, naming the size the tool
 * really answered, never a note inside a note.
 */
export function recapToolOutput(text: string, maxBytes: number): string {
  const noted = CUT_NOTE.exec(text);
  if (!noted) return capToolOutput(text, maxBytes);
  const body = text.slice(0, noted.index);
  // The note itself is not counted: it is the same few dozen bytes whether the cut is deep or not.
  if (new TextEncoder().encode(body).length <= maxBytes) return text;
  return capToolOutput(body, maxBytes, Number(noted[1]));
}
