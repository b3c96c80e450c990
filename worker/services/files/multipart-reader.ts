/**
 * A streaming `multipart/form-data` reader: parts are read one after the other, and a part's
 * body is handed out in chunks as they arrive, so a large file never sits whole in memory
 * (hono's `parseBody` and `Request.formData()` buffer the entire body). Only the bytes that
 * might be the start of the next boundary are held back between reads.
 */

export class MultipartError extends Error {
  override name = 'MultipartError';
}

export interface PartHeaders {
  /** The form field's name. */
  name: string;
  /** Present for a file part, as the client sent it (not decoded or cleaned). */
  filename?: string;
  contentType?: string;
}

/** Anything before the first boundary, and a part's header block, are at most this long. */
const MAX_HEADER_BYTES = 16 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The boundary of a `multipart/form-data` Content-Type, or null when it is something else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let i = haystack.indexOf(first ?? 0, from); i !== -1; i = haystack.indexOf(first ?? 0, i + 1)) {
    if (i + needle.length > haystack.length) return -1;
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function parseHeaders(block: string): PartHeaders {
  let disposition = '';
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError('A form part has no form-data disposition.');
  const param = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(disposition)?.[1];
  const name = param('name');
  if (name === undefined) throw new MultipartError('A form part has no name.');
  const filename = param('filename');
  return { name, ...(filename !== undefined ? { filename } : {}), ...(contentType ? { contentType } : {}) };
}

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** `\r\n--boundary`: the body is read as if preceded by CRLF, so the first boundary matches too. */
  private readonly delimiter: Uint8Array;
  private pending: Uint8Array = encoder.encode('\r\n');
  private state: 'preamble' | 'headers' | 'body' | 'done' = 'preamble';

  constructor(body: ReadableStream<Uint8Array>, boundary: string) {
    this.reader = body.getReader();
    this.delimiter = encoder.encode(`\r\n--${boundary}`);
  }

  /** Reads more of the stream into `pending`; false at its end. */
  private async fill(): Promise<boolean> {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.reader.read();
    } catch {
      // The client went away or the connection broke mid-upload.
      throw new MultipartError('The upload was interrupted.');
    }
    const { done, value } = result;
    if (done) return false;
    this.pending = concat(this.pending, value);
    return true;
  }

  /** Skips to just past the next delimiter (preamble only; bounded). */
  private async skipToDelimiter(): Promise<void> {
    for (;;) {
      const at = indexOf(this.pending, this.delimiter);
      if (at !== -1) {
        this.pending = this.pending.subarray(at + this.delimiter.length);
        return;
      }
      if (this.pending.length > MAX_HEADER_BYTES) throw new MultipartError('No form boundary found.');
      if (!(await this.fill())) throw new MultipartError('The form ended early.');
    }
  }

  /** The next part's headers (its body is then read with {@link body} or {@link text}), or null after the last. */
  async nextPart(): Promise<PartHeaders | null> {
    if (this.state === 'done') return null;
    if (this.state === 'body') throw new Error('the previous part was not read');
    if (this.state === 'preamble') await this.skipToDelimiter();
    // After a delimiter: `--` closes the form, otherwise CRLF and the part's headers follow.
    while (this.pending.length < 2) if (!(await this.fill())) throw new MultipartError('The form ended early.');
    if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
      this.state = 'done';
      return null;
    }
    const terminator = encoder.encode('\r\n\r\n');
    for (;;) {
      // The header block starts right after the delimiter line's own CRLF.
      const end = indexOf(this.pending, terminator);
      if (end !== -1) {
        const block = decoder.decode(this.pending.subarray(0, end));
        this.pending = this.pending.subarray(end + terminator.length);
        this.state = 'body';
        return parseHeaders(block);
      }
      if (this.pending.length > MAX_HEADER_BYTES) throw new MultipartError('A form part header is too long.');
      if (!(await this.fill())) throw new MultipartError('The form ended early.');
    }
  }

  /** The current part's body, chunk by chunk, up to the next delimiter. */
  async *body(): AsyncGenerator<Uint8Array> {
    if (this.state !== 'body') throw new Error('no part is open');
    for (;;) {
      const at = indexOf(this.pending, this.delimiter);
      if (at !== -1) {
        const last = this.pending.subarray(0, at);
        this.pending = this.pending.subarray(at + this.delimiter.length);
        this.state = 'headers';
        if (last.length > 0) yield last;
        return;
      }
      // Everything but a tail that could be the start of the delimiter is part of the body.
      const safe = this.pending.length - (this.delimiter.length - 1);
      if (safe > 0) {
        const chunk = this.pending.subarray(0, safe);
        this.pending = this.pending.slice(safe);
        yield chunk;
      }
      if (!(await this.fill())) throw new MultipartError('The form ended early.');
    }
  }

  /** The current part's body as text; a field longer than `maxBytes` is refused. */
  async text(maxBytes: number): Promise<string> {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of this.body()) {
      length += chunk.length;
      if (length > maxBytes) throw new MultipartError('A form field is too long.');
      chunks.push(chunk);
    }
    return decoder.decode(chunks.reduce(concat, new Uint8Array(0)));
  }

  /** Stops reading: the rest of the body is not wanted (refused upload, or done). */
  async cancel(): Promise<void> {
    this.state = 'done';
    await this.reader.cancel().catch(() => undefined);
  }
}
