import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from './sse';
import { chunkedResponse, cutAfter, offsetOf, stallAfter } from './testing';
import { ProviderError } from './types';

const STREAM =
  'data: {"t":"héllo"}\n\n' +
  ': keep-alive comment\n\n' +
  'event: message_delta\ndata: {"t":"👋 日本"}\n\n' +
  'data: first line\ndata: second line\n\n' +
  'data: [DONE]\n\n';

const EXPECTED: SseEvent[] = [
  { data: '{"t":"héllo"}' },
  { event: 'message_delta', data: '{"t":"👋 日本"}' },
  { data: 'first line\nsecond line' },
  { data: '[DONE]' },
];

async function readAll(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<{ events: SseEvent[]; error: unknown }> {
  const events: SseEvent[] = [];
  try {
    for await (const event of readSse(body, signal)) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

function bodyOf(response: Response): ReadableStream<Uint8Array> {
  if (!response.body) throw new Error('no body');
  return response.body;
}

describe('readSse', () => {
  it('parses events delivered in awkward chunks (inside data:, inside multi-byte characters)', async () => {
    const { events, error } = await readAll(bodyOf(chunkedResponse(STREAM, 'awkward')));
    expect(error).toBeUndefined();
    expect(events).toEqual(EXPECTED);
  });

  it('gives the same events whatever byte offset the body is split at', async () => {
    const length = new TextEncoder().encode(STREAM).length;
    for (let at = 1; at < length; at += 1) {
      const { events } = await readAll(bodyOf(chunkedResponse(STREAM, { splitAt: [at] })));
      expect(events, `split at byte ${at}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events one byte at a time', async () => {
    expect((await readAll(bodyOf(chunkedResponse(STREAM, [1])))).events).toEqual(EXPECTED);
  });

  it('understands CRLF and CR line endings', async () => {
    const crlf = 'data: a\r\n\r\ndata: b\r\rdata: c\n\n';
    expect((await readAll(bodyOf(chunkedResponse(crlf, [2, 1])))).events).toEqual([
      { data: 'a' },
      { data: 'b' },
      { data: 'c' },
    ]);
  });

  it('drops a final event that never got its closing blank line', async () => {
    const { events, error } = await readAll(bodyOf(chunkedResponse('data: whole\n\ndata: {"half":', 'awkward')));
    expect(error).toBeUndefined();
    expect(events).toEqual([{ data: 'whole' }]);
  });

  it('yields what arrived, then a network_error ProviderError when the connection is cut', async () => {
    const cut = cutAfter(offsetOf(STREAM, 'data: first line') + 3);
    const { events, error } = await readAll(bodyOf(chunkedResponse(STREAM, 'awkward', { cut })));
    expect(events).toEqual(EXPECTED.slice(0, 2));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });

  it('throws the abort reason when aborted while a read is pending, and cancels the body', async () => {
    const controller = new AbortController();
    let cancelled = false;
    // A wrapper around the stalled fixture that reports whether readSse cancelled it.
    const reader = bodyOf(
      chunkedResponse(STREAM, 'awkward', { cut: stallAfter(offsetOf(STREAM, 'event:')) }),
    ).getReader();
    const observed = new ReadableStream<Uint8Array>({
      async pull(stream) {
        const { done, value } = await reader.read();
        if (done) stream.close();
        else stream.enqueue(value);
      },
      cancel(reason) {
        cancelled = true;
        return reader.cancel(reason);
      },
    });
    const reason = new Error('user pressed stop');
    const events: SseEvent[] = [];
    let thrown: unknown;
    try {
      for await (const event of readSse(observed, controller.signal)) {
        events.push(event);
        // Abort after the first event, while the stalled body has nothing more to give.
        setTimeout(() => controller.abort(reason), 5);
      }
    } catch (error) {
      thrown = error;
    }
    expect(events).toEqual([EXPECTED[0]]);
    expect(thrown).toBe(reason);
    expect(cancelled).toBe(true);
  });

  it('throws at once for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    const { events, error } = await readAll(bodyOf(chunkedResponse(STREAM)), controller.signal);
    expect(events).toEqual([]);
    expect(error).toMatchObject({ message: 'too late' });
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const chunks = [new TextEncoder().encode('data: 1\n\n'), new TextEncoder().encode('data: 2\n\n')];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSse(body)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('refuses an event larger than the limit with a provider_error', async () => {
    const huge = `data: ${'x'.repeat(5000)}\n\n`;
    const events: SseEvent[] = [];
    let thrown: unknown;
    try {
      for await (const event of readSse(bodyOf(chunkedResponse(`data: ok\n\n${huge}`, [512])), undefined, {
        maxEventChars: 1000,
      })) {
        events.push(event);
      }
    } catch (error) {
      thrown = error;
    }
    expect(events).toEqual([{ data: 'ok' }]);
    expect(thrown).toMatchObject({ code: 'provider_error' });
  });
});
