/**
 * The streamable HTTP transport: every message is a POST to one URL; the server answers a request
 * with JSON or with an event stream that ends with the answer. The session id the server gives at
 * initialisation is echoed on every later request, and a DELETE ends the session.
 */
import type { FetchLike } from '../../providers/types';
import { ProviderError } from '../../providers/types';
import { readSse } from '../../providers/sse';
import {
  readMessages,
  type IncomingMessage,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type OutgoingMessage,
} from './jsonrpc';
import {
  describeError,
  fetchOrUnavailable,
  readCappedText,
  refusal,
  MAX_ANSWER_BYTES,
  type McpTransport,
  type ServerRequestHandler,
} from './transport';
import { McpError, type McpServerTarget } from './types';

/** How long the closing DELETE may take; the session is over for us either way. */
const CLOSE_TIMEOUT_MS = 2_000;

export class StreamableHttpTransport implements McpTransport {
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;

  constructor(
    private readonly target: McpServerTarget,
    private readonly fetchFn: FetchLike,
    private readonly onServerRequest: ServerRequestHandler,
  ) {}

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async request(message: JsonRpcRequest, signal: AbortSignal): Promise<JsonRpcResponse> {
    const response = await this.post(message, signal);
    // The first answer names the session; a server without sessions sends none.
    this.sessionId ??= response.headers.get('mcp-session-id') ?? undefined;
    const type = response.headers.get('content-type') ?? '';
    const incoming = type.includes('text/event-stream')
      ? this.answersFromStream(response, signal)
      : this.answersFromJson(response, signal);
    for await (const item of incoming) {
      if (item.type === 'response' && item.message.id === message.id) return item.message;
      if (item.type === 'request') this.onServerRequest(item.message);
    }
    throw new McpError('unavailable', 'the server closed the connection before answering');
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    const response = await this.post(message, signal);
    await response.body?.cancel().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.sessionId === undefined) return;
    try {
      const response = await fetchOrUnavailable(this.fetchFn, this.target.url, {
        method: 'DELETE',
        headers: this.headers(),
        signal: AbortSignal.timeout(CLOSE_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
    } catch {
      // A server that is gone or does not allow DELETE (405) ends the session by itself.
    }
    this.sessionId = undefined;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { ...this.target.headers };
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    return headers;
  }

  private async post(message: OutgoingMessage, signal: AbortSignal): Promise<Response> {
    const response = await fetchOrUnavailable(this.fetchFn, this.target.url, {
      method: 'POST',
      headers: {
        ...this.headers(),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(message),
      signal,
    });
    if (response.status === 404 && this.sessionId !== undefined) {
      await response.body?.cancel().catch(() => undefined);
      throw new McpError('unavailable', 'the server no longer knows this session (it may have restarted)');
    }
    if (!response.ok) throw await refusal(response);
    return response;
  }

  private async *answersFromJson(response: Response, signal: AbortSignal): AsyncGenerator<IncomingMessage> {
    const text = await readCappedText(response, signal);
    if (text.trim() === '') return;
    yield* readMessages(text);
  }

  private async *answersFromStream(response: Response, signal: AbortSignal): AsyncGenerator<IncomingMessage> {
    if (!response.body) return;
    try {
      for await (const event of readSse(response.body, signal, { maxEventChars: MAX_ANSWER_BYTES })) {
        if ((event.event ?? 'message') !== 'message' || event.data.trim() === '') continue;
        yield* readMessages(event.data);
      }
    } catch (error) {
      if (signal.aborted || !(error instanceof ProviderError)) throw error;
      throw new McpError('unavailable', `the server's event stream broke off (${describeError(error)})`, {
        cause: error,
      });
    }
  }
}
