import { describe, expect, it } from 'vitest';
import { awkwardSplitPoints, chunkedResponse, cutAfter, offsetOf, splitBytes, stallAfter } from './chunked-response';
import { fakeFetch } from './fake-fetch';

const FIXTURE = 'data: {"content":"é👋"}\n\ndata: [DONE]\n\n';
const encoder = new TextEncoder();

async function readChunks(response: Response): Promise<{ chunks: Uint8Array[]; error: unknown }> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { chunks, error: undefined };
      chunks.push(value);
    }
  } catch (error) {
    return { chunks, error };
  }
}

function join(chunks: Uint8Array[]): string {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(all);
}

describe('awkward chunking', () => {
  const bytes = encoder.encode(FIXTURE);
  const points = new Set(awkwardSplitPoints(bytes));

  it('splits inside every multi-byte character', () => {
    const eAcute = offsetOf(FIXTURE, 'é');
    const wave = offsetOf(FIXTURE, '👋');
    expect(points.has(eAcute + 1)).toBe(true);
    expect(points.has(wave + 1)).toBe(true);
  });

  it('splits inside every data: field name and between the newlines ending an event', () => {
    expect(points.has(2)).toBe(true);
    expect(points.has(offsetOf(FIXTURE, 'data: [DONE]') + 2)).toBe(true);
    expect(points.has(offsetOf(FIXTURE, '\n\ndata: [DONE]') + 1)).toBe(true);
  });

  it('delivers the fixture byte for byte, one chunk per read', async () => {
    const { chunks, error } = await readChunks(chunkedResponse(FIXTURE, 'awkward'));
    expect(error).toBeUndefined();
    expect(chunks.length).toBe(splitBytes(FIXTURE, 'awkward').length);
    expect(chunks.length).toBeGreaterThan(10);
    expect(join(chunks)).toBe(FIXTURE);
  });

  it('repeats explicit chunk sizes and honours explicit split offsets', () => {
    expect(splitBytes('abcdefg', [2, 1]).map((chunk) => chunk.length)).toEqual([2, 1, 2, 1, 1]);
    expect(splitBytes('abcdefg', { splitAt: [5, 1] }).map((chunk) => chunk.length)).toEqual([1, 4, 2]);
    expect(() => splitBytes('abc', [0])).toThrow();
  });
});

describe('chunkedResponse', () => {
  it('sets SSE defaults and keeps the given status and headers', () => {
    const response = chunkedResponse(FIXTURE, 'awkward', { status: 201, headers: { 'x-request-id': 'req_1' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-request-id')).toBe('req_1');
  });

  it('cutAfter delivers exactly that many bytes, then errors', async () => {
    const { chunks, error } = await readChunks(chunkedResponse(FIXTURE, 'awkward', { cut: cutAfter(9) }));
    expect(join(chunks)).toBe(FIXTURE.slice(0, 9));
    expect(error).toBeInstanceOf(TypeError);
  });

  it('stallAfter never finishes the body until it is cancelled', async () => {
    const reader = chunkedResponse(FIXTURE, [100], { cut: stallAfter(4) }).body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).value?.length).toBe(4);
    const pending = reader.read();
    const winner = await Promise.race([
      pending.then(() => 'read'),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 20)),
    ]);
    expect(winner).toBe('timeout');
    await reader.cancel();
    expect((await pending).done).toBe(true);
  });
});

describe('fakeFetch', () => {
  it('records the request and answers in order, repeating the last answer', async () => {
    const fake = fakeFetch(new Response('one'), () => new Response('again'));
    const first = await fake.fetch('https://api.example.com/v1/x', {
      method: 'POST',
      headers: { authorization: 'Bearer k' },
      body: JSON.stringify({ a: 1 }),
      redirect: 'manual',
    });
    expect(await first.text()).toBe('one');
    expect(await (await fake.fetch('https://api.example.com/v1/y')).text()).toBe('again');
    expect(await (await fake.fetch('https://api.example.com/v1/z')).text()).toBe('again');
    expect(fake.calls[0]).toMatchObject({
      url: 'https://api.example.com/v1/x',
      method: 'POST',
      body: { a: 1 },
      redirect: 'manual',
    });
    expect(fake.calls[0]?.headers.get('authorization')).toBe('Bearer k');
    expect(() => fake.only()).toThrow();
  });

  it('rejects for an aborted signal and when the answer throws', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await expect(fake.fetch('https://x.test/', { signal: controller.signal })).rejects.toThrow('stop');
    await expect(fake.fetch('https://x.test/')).rejects.toThrow('fetch failed');
  });
});
