/**
 * A tool reads a bounded part of any answer: an API, a web page or a misbehaving server can send
 * gigabytes, and an isolate has 128 MB. The caller learns that the body was cut.
 */

/** The most bytes of one response a tool reads. */
export const TOOL_READ_MAX_BYTES = 1024 * 1024;

export interface CappedBody {
  bytes: Uint8Array;
  /** The body went on past the cap; the rest was not read. */
  truncated: boolean;
}

/** Reads at most `maxBytes` of the body, then cancels the rest, so a huge answer costs no memory. */
export async function readCappedBody(response: Response, maxBytes: number = TOOL_READ_MAX_BYTES): Promise<CappedBody> {
  if (response.body === null) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, truncated };
}
