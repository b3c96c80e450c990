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
export function capToolOutput(text: string, maxBytes: number = TOOL_OUTPUT_MAX_BYTES): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Back off continuation bytes (10xxxxxx) so the cut starts no character it cannot finish.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  const shown = new TextDecoder().decode(bytes.subarray(0, end));
  return `${shown}\n\n${outputCutNote(end, bytes.length)}`;
}
