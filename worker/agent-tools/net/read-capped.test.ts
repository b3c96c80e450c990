import { describe, expect, it } from 'vitest';
import { readCappedBody, TOOL_READ_MAX_BYTES } from './read-capped';

function chunked(chunks: number[], onCancel?: () => void): Response {
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = chunks[index++];
      if (size === undefined) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(65));
    },
    cancel: () => onCancel?.(),
  });
  return new Response(stream);
}

describe('readCappedBody', () => {
  it('reads a body that fits whole', async () => {
    const body = await readCappedBody(chunked([3, 4]), 7);
    expect(body).toEqual({ bytes: new Uint8Array(7).fill(65), truncated: false });
  });

  it('keeps the first maxBytes of a longer body, says so, and cancels the rest', async () => {
    let cancelled = false;
    const body = await readCappedBody(
      chunked([4, 4, 4, 4], () => (cancelled = true)),
      6,
    );
    expect(body.bytes).toHaveLength(6);
    expect(body.truncated).toBe(true);
    expect(cancelled).toBe(true);
  });

  it('reads 1 MiB by default, and an empty body as no bytes', async () => {
    expect(TOOL_READ_MAX_BYTES).toBe(1_048_576);
    const big = await readCappedBody(new Response(new Uint8Array(TOOL_READ_MAX_BYTES + 10)));
    expect(big.bytes).toHaveLength(TOOL_READ_MAX_BYTES);
    expect(big.truncated).toBe(true);
    expect(await readCappedBody(new Response(null, { status: 204 }))).toEqual({
      bytes: new Uint8Array(0),
      truncated: false,
    });
  });
});
