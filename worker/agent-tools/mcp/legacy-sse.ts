/**
 * The older HTTP+SSE transport: a GET opens an event stream whose first `endpoint` event names
 * the URL to POST messages to; every answer comes back on that one stream, matched by id.
 */
import type { FetchLike } from '../../providers/types';
import { ProviderError } from '../../providers/types';
import { readSse, type SseEvent } from '../../providers/sse';
import type { JsonRpcRequest, JsonRpcResponse, OutgoingMessage } from './jsonrpc';
import { PendingAnswers } from './pending-answers';
import {
  describeError,
  fetchOrUnavailable,
  raceAbort,
  refusal,
  MAX_ANSWER_BYTES,
  type McpTransport,
  type ServerRequestHandler,
} from './transport';
import { McpError, type McpServerTarget } from './types';

/** Opens the event stream and waits for its `endpoint` event; `signal` bounds only the opening. */
export async function openLegacySse(
  target: McpServerTarget,
  fetchFn: FetchLike,
  onServerRequest: ServerRequestHandler,
  signal: AbortSignal,
): Promise<McpTransport> {
  // The stream outlives the opening signal: it stays open until close().
  const lifetime = new AbortController();
  const stopOpening = (): void => lifetime.abort(signal.reason);
  signal.addEventListener('abort', stopOpening, { once: true });
  try {
    const response = await fetchOrUnavailable(fetchFn, target.url, {
      method: 'GET',
      headers: { ...target.headers, accept: 'text/event-stream' },
      signal: lifetime.signal,
    });
    if (!response.ok) throw await refusal(response);
    if (!response.body) throw new McpError('protocol', 'the server opened no event stream');
    const events = readSse(response.body, lifetime.signal, { maxEventChars: MAX_ANSWER_BYTES });
    const endpoint = await raceAbort(readEndpoint(events, target.url), signal);
    return new LegacySseTransport(target, fetchFn, onServerRequest, endpoint, events, lifetime);
  } catch (error) {
    lifetime.abort(error);
    throw error;
  } finally {
    signal.removeEventListener('abort', stopOpening);
  }
}

async function readEndpoint(events: AsyncGenerator<SseEvent>, streamUrl: string): Promise<string> {
  for (;;) {
    const next = await events.next().catch((error: unknown) => {
      throw new McpError('unavailable', `the event stream broke off (${describeError(error)})`, { cause: error });
    });
    if (next.done) throw new McpError('unavailable', 'the server closed its event stream before naming an endpoint');
    if (next.value.event !== 'endpoint') continue;
    const endpoint = new URL(next.value.data.trim(), streamUrl);
    // Posting elsewhere would send the configured headers (often a key) to a host nobody chose.
    if (endpoint.origin !== new URL(streamUrl).origin) {
      throw new McpError('protocol', `the server named an endpoint on another origin (${endpoint.origin})`);
    }
    return endpoint.toString();
  }
}

class LegacySseTransport implements McpTransport {
  private readonly pending: PendingAnswers;
  private protocolVersion: string | undefined;

  constructor(
    private readonly target: McpServerTarget,
    private readonly fetchFn: FetchLike,
    onServerRequest: ServerRequestHandler,
    private readonly endpoint: string,
    events: AsyncGenerator<SseEvent>,
    private readonly lifetime: AbortController,
  ) {
    this.pending = new PendingAnswers(onServerRequest);
    void this.pump(events);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  request(message: JsonRpcRequest, signal: AbortSignal): Promise<JsonRpcResponse> {
    return this.pending.ask(message, () => this.send(message, signal), signal);
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    if (this.pending.ended) throw this.pending.ended;
    const headers: Record<string, string> = { ...this.target.headers, 'content-type': 'application/json' };
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    const response = await fetchOrUnavailable(this.fetchFn, this.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
      signal,
    });
    if (!response.ok) throw await refusal(response);
    await response.body?.cancel().catch(() => undefined);
  }

  close(): Promise<void> {
    this.shutDown(new McpError('cancelled', 'the connection was closed'));
    return Promise.resolve();
  }

  /** Reads the stream for as long as it is open, handing each answer to the request waiting for it. */
  private async pump(events: AsyncGenerator<SseEvent>): Promise<void> {
    let reason = new McpError('unavailable', 'the server closed the connection');
    try {
      for await (const event of events) {
        if ((event.event ?? 'message') !== 'message' || event.data.trim() === '') continue;
        this.pending.deliver(event.data);
      }
    } catch (error) {
      if (error instanceof McpError) reason = error;
      else if (error instanceof ProviderError) {
        reason = new McpError('unavailable', `the server's event stream broke off (${describeError(error)})`, {
          cause: error,
        });
      }
    }
    this.shutDown(reason);
  }

  private shutDown(reason: McpError): void {
    this.pending.end(reason);
    this.lifetime.abort(reason);
  }
}
