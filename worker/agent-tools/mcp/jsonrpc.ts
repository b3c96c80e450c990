/** JSON-RPC 2.0 messages as MCP uses them, and reading the ones a server sends. */
import { McpError } from './types';

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: JsonRpcErrorBody;
}

/** What a server may send: an answer to us, or a request or notification of its own. */
export type IncomingMessage =
  | { type: 'response'; message: JsonRpcResponse }
  | { type: 'request'; message: JsonRpcRequest }
  | { type: 'notification'; message: JsonRpcNotification };

export type OutgoingMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || typeof value === 'number';
}

function readOne(value: unknown): IncomingMessage {
  if (!isRecord(value) || value.jsonrpc !== '2.0') throw new McpError('protocol', 'a message is not JSON-RPC 2.0');
  const params = isRecord(value.params) ? value.params : undefined;
  if (typeof value.method === 'string') {
    return isId(value.id)
      ? { type: 'request', message: { jsonrpc: '2.0', id: value.id, method: value.method, params } }
      : { type: 'notification', message: { jsonrpc: '2.0', method: value.method, params } };
  }
  if (!isId(value.id)) throw new McpError('protocol', 'an answer carries no request id');
  if (isRecord(value.error)) {
    const { code, message, data } = value.error;
    return {
      type: 'response',
      message: {
        jsonrpc: '2.0',
        id: value.id,
        error: {
          code: typeof code === 'number' ? code : 0,
          message: typeof message === 'string' ? message : 'no message',
          data,
        },
      },
    };
  }
  if (!('result' in value)) throw new McpError('protocol', 'an answer has neither a result nor an error');
  return { type: 'response', message: { jsonrpc: '2.0', id: value.id, result: value.result } };
}

/** The messages in one body or event: a single message or a batch. */
export function readMessages(text: string): IncomingMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new McpError('protocol', 'the answer is not valid JSON (was the connection cut?)', { cause: error });
  }
  return Array.isArray(parsed) ? parsed.map(readOne) : [readOne(parsed)];
}

/** Our answer to a request the server made: we offer no client features, so only ping is known. */
export function answerServerRequest(request: JsonRpcRequest): JsonRpcResponse {
  if (request.method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
  return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } };
}
