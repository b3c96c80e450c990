/**
 * What the MCP client is given and what it hands back. Everything a server needs (its URL, its
 * headers with `${ENV}` and user placeholders already filled in, its timeouts) is resolved by the
 * caller; the client only speaks the protocol.
 */
import type { FetchLike } from '../../providers/types';

/** The transports that can run in a Worker (stdio needs a local process). */
export type McpTransportKind = 'streamable-http' | 'sse' | 'websocket';

export interface McpServerTarget {
  /** The server's name in librechat.yaml, used in every error so the user knows which one failed. */
  name: string;
  transport: McpTransportKind;
  url: string;
  /** Sent with every request, already resolved. */
  headers: Record<string, string>;
  /** Milliseconds for each request after initialisation (listing tools, calling one). */
  timeoutMs?: number;
  /** Milliseconds for connecting and initialising. */
  initTimeoutMs?: number;
}

export interface McpConnectOptions {
  /** Every outbound request goes through this (the caller's guarded fetch). */
  fetch: FetchLike;
  /** Cancels the connection attempt (a run that is stopped while a server starts). */
  signal?: AbortSignal;
}

/**
 * Why a request failed:
 * - unavailable: the server could not be reached, refused the request, or closed the connection;
 * - timeout: it did not answer in time;
 * - cancelled: the caller's signal aborted the request;
 * - server_error: it answered with a JSON-RPC error;
 * - protocol: its answer was not MCP.
 */
export type McpErrorKind = 'unavailable' | 'timeout' | 'cancelled' | 'server_error' | 'protocol';

export class McpError extends Error {
  constructor(
    readonly kind: McpErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'McpError';
  }
}

export interface McpTool {
  name: string;
  description: string;
  /** A JSON Schema object, passed to the model as the tool's parameters. */
  inputSchema: Record<string, unknown>;
}

/** Binary content a tool returned (an image, audio, a blob resource), for the caller to store. */
export interface McpAttachment {
  kind: 'image' | 'audio' | 'resource';
  mimeType: string;
  /** Base64, as the server sent it. */
  data: string;
  uri?: string;
}

/** A tool call's outcome as the model sees it: text, plus any binary content on the side. */
export interface McpCallResult {
  text: string;
  isError: boolean;
  /** Set when the call failed before the tool could answer (see McpErrorKind). */
  errorKind?: McpErrorKind;
  attachments: McpAttachment[];
}
