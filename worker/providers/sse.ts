/**
 * Server-sent events from a provider's response body, shared by every SSE provider (OpenAI
 * family, Anthropic, Google). Framing is left to eventsource-parser: line endings (\n, \r\n,
 * \r), multi-line `data:`, comments and fields split across network chunks are its job, and
 * hand-made newline splitting gets exactly those wrong.
 */
import { createParser, type ParseError } from 'eventsource-parser';
import { ProviderError } from './types';

export interface SseEvent {
  /** The `event:` field; absent for plain `data:` events (OpenAI never names its events). */
  event?: string;
  data: string;
}

export interface ReadSseOptions {
  /**
   * Most characters buffered for one unfinished event. A provider (or a custom endpoint that
   * a user points at something hostile) could otherwise grow one event without bound.
   */
  maxEventChars?: number;
}

/** Far above any real frame (a large tool-call argument is tens of KB). */
export const DEFAULT_MAX_EVENT_CHARS = 4 * 1024 * 1024;

/**
 * Yields the events of `body` as they complete. Ends when the body ends; an event without
 * its closing blank line at the end is dropped, as the SSE standard says (a cut connection
 * leaves half a frame, which must not be parsed as if it were whole).
 *
 * Errors: a body that fails while being read → ProviderError `network_error` (the connection
 * was cut); an oversized event → ProviderError `provider_error`. When `signal` aborts — also
 * while a read is pending — the body is cancelled and the signal's reason is thrown as is, so
 * callers can tell an abort they asked for from a failure. Stopping iteration early (break,
 * return) cancels the body too, freeing the connection.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  options: ReadSseOptions = {},
): AsyncGenerator<SseEvent, void, undefined> {
  signal?.throwIfAborted();
  const reader = body.getReader();
  // `stream: true` below keeps a multi-byte character split across chunks intact.
  const decoder = new TextDecoder('utf-8');
  let pending: SseEvent[] = [];
  let fatal: ParseError | undefined;
  const parser = createParser({
    onEvent: (message) =>
      pending.push(message.event === undefined ? { data: message.data } : { event: message.event, data: message.data }),
    // Unknown fields and bad `retry:` values are ignored by the standard; only overflow is fatal.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') fatal = error;
    },
    maxBufferSize: options.maxEventChars ?? DEFAULT_MAX_EVENT_CHARS,
  });
  // A pending read() only settles when data arrives; cancelling the reader settles it now.
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        signal?.throwIfAborted();
        throw new ProviderError(
          'network_error',
          `The provider's stream was interrupted: ${describe(error)}`,
          undefined,
          { cause: error },
        );
      }
      signal?.throwIfAborted();
      if (chunk.done) {
        finished = true;
        parser.feed(decoder.decode());
      } else {
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      if (fatal)
        throw new ProviderError(
          'provider_error',
          `The provider sent an event larger than the limit: ${fatal.message}`,
          undefined,
          { cause: fatal },
        );
      const ready = pending;
      pending = [];
      for (const event of ready) {
        yield event;
        signal?.throwIfAborted();
      }
      if (finished) return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Early exit (consumer stopped, abort, error): release the connection instead of leaking it.
    if (!finished) reader.cancel().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
