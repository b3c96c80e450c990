import { describe, expect, it } from 'vitest';
import { MultipartError, MultipartReader, multipartBoundary } from './multipart-reader';

const encoder = new TextEncoder();
const BOUNDARY = '----form7x';

/** `text` as a stream of `size`-byte chunks, so boundaries fall across reads. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** Every part as [name, filename, type, body]. */
async function readAll(stream: ReadableStream<Uint8Array>, boundary = BOUNDARY) {
  const reader = new MultipartReader(stream, boundary);
  const parts: [string, string | undefined, string | undefined, string][] = [];
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of reader.body()) chunks.push(chunk);
    const body = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
    parts.push([part.name, part.filename, part.contentType, body]);
  }
  return parts;
}

// A file body that holds CRLFs, dashes and most of the boundary, without being it.
const tricky = `line\r\n--${BOUNDARY.slice(0, -1)}\r\n--\r\nend`;
const form = [
  'preamble to ignore',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="endpoint"',
  '',
  'openAI',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a%20b.txt"',
  'Content-Type: text/plain',
  '',
  tricky,
  `--${BOUNDARY}`,
  'content-disposition: form-data; name="file_id"',
  '',
  '',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

describe('MultipartReader', () => {
  it.each([1, 2, 7, 64, 100_000])('reads every part whatever the chunk size (%i)', async (size) => {
    expect(await readAll(chunked(form, size))).toEqual([
      ['endpoint', undefined, undefined, 'openAI'],
      ['file', 'a%20b.txt', 'text/plain', tricky],
      ['file_id', undefined, undefined, ''],
    ]);
  });

  it('refuses a form cut short, and a part without a name', async () => {
    await expect(readAll(chunked(form.slice(0, form.indexOf('end') + 2), 16))).rejects.toThrow(MultipartError);
    const nameless = `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--`;
    await expect(readAll(chunked(nameless, 16))).rejects.toThrow('A form part has no name.');
  });

  it('refuses a field longer than asked', async () => {
    const reader = new MultipartReader(chunked(form, 5), BOUNDARY);
    await reader.nextPart();
    await expect(reader.text(3)).rejects.toThrow('A form field is too long.');
  });

  it('finds the boundary of a multipart Content-Type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});
