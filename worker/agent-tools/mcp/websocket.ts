/**
 * The websocket transport: one socket (subprotocol `mcp`) carries every JSON-RPC message both
 * ways, one message per text frame. Workers open a client socket with a fetch carrying
 * `Upgrade: websocket`, so the connection goes through the same guarded fetch as the HTTP
 * transports: its URL is checked as the http(s) URL it upgrades from.
 */
import type { FetchLike } from '../../providers/types';
import type { JsonRpcRequest, JsonRpcResponse, OutgoingMessage } from './jsonrpc';
import { PendingAnswers } from './pending-answers';
import {
  fetchOrUnavailable,
  MAX_ANSWER_BYTES,
  refusal,
  type McpTransport,
  type ServerRequestHandler,
} from './transport';
import { McpError, type McpServerTarget } from './types';

/** `ws://` → `http://`, `wss://` → `https://`: the request that asks for the upgrade. */
export function upgradeUrl(url: string): string {
  return url.replace(/^ws(s?):\/\//i, (_, secure: string) => (secure ? 'https://' : 'http://'));
}

/** Opens the socket; `signal` bounds only the opening. */
export async function openWebSocket(
  target: McpServerTarget,
  fetchFn: FetchLike,
  onServerRequest: ServerRequestHandler,
  signal: AbortSignal,
): Promise<McpTransport> {
  const response = await fetchOrUnavailable(fetchFn, upgradeUrl(target.url), {
    method: 'GET',
    headers: { ...target.headers, upgrade: 'websocket', 'sec-websocket-protocol': 'mcp' },
    signal,
  });
  // workerd's Response carries the socket (to accept before use); the DOM types the tools'
  // project also compiles this file with know neither.
  const socket = (response as Response & { webSocket?: (WebSocket & { accept(): void }) | null }).webSocket;
  if (response.status !== 101 || !socket) {
    if (response.ok) throw new McpError('unavailable', `the server did not open a websocket (HTTP ${response.status})`);
    throw await refusal(response);
  }
  socket.accept();
  return new WebSocketTransport(socket, onServerRequest);
}

class WebSocketTransport implements McpTransport {
  private readonly pending: PendingAnswers;

  constructor(
    private readonly socket: WebSocket,
    onServerRequest: ServerRequestHandler,
  ) {
    this.pending = new PendingAnswers(onServerRequest);
    socket.addEventListener('message', (event) => this.onMessage(event.data));
    socket.addEventListener('close', (event) =>
      this.pending.end(new McpError('unavailable', `the server closed the websocket (code ${event.code})`)),
    );
    socket.addEventListener('error', () => this.pending.end(new McpError('unavailable', 'the websocket failed')));
  }

  setProtocolVersion(): void {
    // The version was agreed on this socket by initialize; nothing travels with each message.
  }

  request(message: JsonRpcRequest, signal: AbortSignal): Promise<JsonRpcResponse> {
    return this.pending.ask(message, () => this.send(message, signal), signal);
  }

  send(message: OutgoingMessage, signal: AbortSignal): Promise<void> {
    if (this.pending.ended) return Promise.reject(this.pending.ended);
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.shutDown(new McpError('unavailable', 'the websocket is closed', { cause: error }));
      return Promise.reject(this.pending.ended ?? (error as Error));
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.shutDown(new McpError('cancelled', 'the connection was closed'));
    return Promise.resolve();
  }

  private onMessage(data: string | ArrayBuffer): void {
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    // A hostile server could otherwise fill the Worker's memory one huge frame at a time.
    if (text.length > MAX_ANSWER_BYTES) {
      this.shutDown(new McpError('protocol', `a message is larger than ${MAX_ANSWER_BYTES} bytes`));
      return;
    }
    this.pending.deliver(text);
  }

  private shutDown(reason: McpError): void {
    this.pending.end(reason);
    try {
      this.socket.close(1000, 'done');
    } catch {
      // Already closed.
    }
  }
}
