import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Feeds a fetch() response body through eventsource-parser and calls `onEvent` for each
 * complete server-sent event, in order. The parser, not this code, finds event boundaries, so
 * an event split across network chunks (or a UTF-8 character split across them: the decoder
 * runs in streaming mode) arrives whole. Resolves when the body ends; rejects when reading
 * fails (a dropped connection) or `signal` aborts.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: EventSourceMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent });
  // A fetch body is cancelled by the request's own signal; any other stream needs telling.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
