/** What the client needs from a transport, and the HTTP pieces both transports share. */
import type { FetchLike } from '../../providers/types';
import type { IncomingMessage, JsonRpcRequest, JsonRpcResponse, OutgoingMessage } from './jsonrpc';
import { McpError } from './types';

export interface McpTransport {
  /**
   * Sends a request and settles with its answer. Rejects with an McpError, or with the
   * signal's reason as soon as `signal` aborts (whatever the fetch function does with it).
   */
  request(message: JsonRpcRequest, signal: AbortSignal): Promise<JsonRpcResponse>;
  /** Sends a notification or an answer to the server's own request; no answer is awaited. */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<void>;
  /** The version agreed by initialize, sent as a header on every later request. */
  setProtocolVersion(version: string): void;
  /** Ends the session; never throws. */
  close(): Promise<void>;
}

/** Called for the requests a server makes of us while we wait for our own answers. */
export type ServerRequestHandler = (message: Extract<IncomingMessage, { type: 'request' }>['message']) => void;

/** Far above any real tool answer; a hostile server could otherwise fill the Worker's memory. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Calls `fetch`, turning a network failure into `unavailable` (an abort stays the signal's reason). */
export async function fetchOrUnavailable(
  fetchFn: FetchLike,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  try {
    return await raceAbort(fetchFn(url, init), init.signal);
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new McpError('unavailable', `could not reach the server (${describeError(error)})`, { cause: error });
  }
}

/** An HTTP refusal as an error, with the start of the body so a misconfigured server is recognisable. */
export async function refusal(response: Response): Promise<McpError> {
  const body = await response.text().catch(() => '');
  const excerpt = body.trim().slice(0, 200);
  return new McpError('unavailable', `the server answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
}

/** The body as text, refusing one larger than MAX_ANSWER_BYTES. */
export async function readCappedText(response: Response, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await raceAbort(reader.read(), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new McpError('unavailable', `the server closed the connection mid-answer (${describeError(error)})`, {
          cause: error,
        });
      }
      if (chunk.done) return text + decoder.decode();
      size += chunk.value.byteLength;
      if (size > MAX_ANSWER_BYTES)
        throw new McpError('protocol', `the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
