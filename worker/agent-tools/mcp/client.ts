/**
 * An MCP client for one server: initialise, list the tools, call them. Every request is bounded
 * by a timeout and the caller's signal, so a down or slow server costs at most that long and
 * ends in a clear error; a request given up on is cancelled at the server too.
 *
 * Not yet wired: nothing in the send path or the Durable Object creates a client yet.
 */
import { answerServerRequest, isRecord, type JsonRpcRequest } from './jsonrpc';
import { openLegacySse } from './legacy-sse';
import { openWebSocket } from './websocket';
import { errorResult, toCallResult } from './result';
import { StreamableHttpTransport } from './streamable-http';
import { describeError, type McpTransport } from './transport';
import { McpError, type McpCallResult, type McpConnectOptions, type McpServerTarget, type McpTool } from './types';

/** The version we ask for first, then the older ones we still speak. */
const PROTOCOL_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_INIT_TIMEOUT_MS = 30_000;
/** Bounds the notices we send on the side (cancellations, answers to pings). */
const NOTICE_TIMEOUT_MS = 2_000;
/** A server whose cursor never ends would otherwise be listed forever. */
const MAX_TOOL_PAGES = 50;
const CLIENT_INFO = { name: 'EdgeChat', version: '0.7.8' };

interface RequestOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** What was asked, for error messages: `"echo"`, `tools/list`. */
  label: string;
}

export class McpClient {
  private nextId = 0;

  private constructor(
    readonly target: McpServerTarget,
    private readonly transport: McpTransport,
  ) {}

  /**
   * Connects and initialises within `initTimeoutMs`. Throws an McpError naming the server:
   * unavailable, timeout, cancelled, server_error or protocol.
   */
  static async connect(target: McpServerTarget, options: McpConnectOptions): Promise<McpClient> {
    const timeoutMs = target.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
    const signal = bounded(timeoutMs, options.signal);
    let transport: McpTransport | undefined;
    // The transport exists before the client that answers the server's requests through it.
    let client: McpClient | undefined;
    const onServerRequest = (request: JsonRpcRequest): void => client?.answer(request);
    try {
      transport = await openTransport(target, options, onServerRequest, signal);
      client = new McpClient(target, transport);
      await client.initialise(timeoutMs, signal);
      return client;
    } catch (error) {
      await transport?.close();
      const late = `did not start within ${timeoutMs} ms`;
      throw named(target, failure(error, signal, options.signal, late, 'connecting was cancelled'));
    }
  }

  /** Every tool the server offers, following its pages. */
  async listTools(signal?: AbortSignal): Promise<McpTool[]> {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await this.request('tools/list', cursor === undefined ? {} : { cursor }, {
        timeoutMs: this.timeoutMs,
        signal,
        label: 'tools/list',
      });
      if (!isRecord(result) || !Array.isArray(result.tools)) {
        throw named(this.target, new McpError('protocol', 'its tool list is not a list'));
      }
      for (const tool of result.tools) {
        if (!isRecord(tool) || typeof tool.name !== 'string') continue;
        tools.push({
          name: tool.name,
          description: typeof tool.description === 'string' ? tool.description : '',
          inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : { type: 'object', properties: {} },
        });
      }
      if (typeof result.nextCursor !== 'string' || result.nextCursor === '') return tools;
      cursor = result.nextCursor;
    }
    return tools;
  }

  /**
   * Calls a tool. Never throws: a failure of any kind (the tool's own error, a JSON-RPC error,
   * a timeout, a cancel, a dropped connection) comes back as an error result the model can read.
   */
  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult> {
    try {
      const result = await this.request(
        'tools/call',
        { name, arguments: args },
        { timeoutMs: this.timeoutMs, signal, label: `"${name}"` },
      );
      return toCallResult(result);
    } catch (error) {
      const mcpError = error instanceof McpError ? error : new McpError('protocol', describeError(error));
      return errorResult(named(this.target, mcpError));
    }
  }

  /** Ends the session (a DELETE for streamable HTTP, closing the stream for SSE). Never throws. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private get timeoutMs(): number {
    return this.target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private async initialise(timeoutMs: number, signal: AbortSignal): Promise<void> {
    const result = await this.request(
      'initialize',
      { protocolVersion: PROTOCOL_VERSIONS[0], capabilities: {}, clientInfo: CLIENT_INFO },
      { timeoutMs, signal, label: 'initialize' },
    );
    const version = isRecord(result) ? result.protocolVersion : undefined;
    if (!PROTOCOL_VERSIONS.some((known) => known === version)) {
      throw new McpError('unavailable', `it speaks protocol version ${String(version)}, which this client does not`);
    }
    this.transport.setProtocolVersion(String(version));
    await this.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, signal);
  }

  private async request(method: string, params: Record<string, unknown>, options: RequestOptions): Promise<unknown> {
    const id = ++this.nextId;
    const signal = bounded(options.timeoutMs, options.signal);
    let response;
    try {
      response = await this.transport.request({ jsonrpc: '2.0', id, method, params }, signal);
    } catch (error) {
      if (signal.aborted && method !== 'initialize') this.notice({ requestId: id, reason: String(signal.reason) });
      const late = `did not answer ${options.label} within ${options.timeoutMs} ms`;
      throw named(this.target, failure(error, signal, options.signal, late, `${options.label} was cancelled`));
    }
    if (response.error) {
      const { code, message } = response.error;
      throw named(this.target, new McpError('server_error', `refused ${options.label}: ${message} (error ${code})`));
    }
    return response.result;
  }

  /** Tells the server we gave up on a request, without waiting on it. */
  private notice(params: { requestId: number; reason: string }): void {
    const message = { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params };
    this.transport.send(message, AbortSignal.timeout(NOTICE_TIMEOUT_MS)).catch(() => undefined);
  }

  private answer(request: JsonRpcRequest): void {
    this.transport.send(answerServerRequest(request), AbortSignal.timeout(NOTICE_TIMEOUT_MS)).catch(() => undefined);
  }
}

function openTransport(
  target: McpServerTarget,
  options: McpConnectOptions,
  onServerRequest: (request: JsonRpcRequest) => void,
  signal: AbortSignal,
): Promise<McpTransport> {
  switch (target.transport) {
    case 'sse':
      return openLegacySse(target, options.fetch, onServerRequest, signal);
    case 'websocket':
      return openWebSocket(target, options.fetch, onServerRequest, signal);
    case 'streamable-http':
      return Promise.resolve(new StreamableHttpTransport(target, options.fetch, onServerRequest));
  }
}

/** A signal that aborts after `timeoutMs` or when the caller's does. */
function bounded(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

/** What went wrong, telling the caller's cancel from our own timeout. */
function failure(
  error: unknown,
  signal: AbortSignal,
  callerSignal: AbortSignal | undefined,
  late: string,
  cancelled: string,
): McpError {
  if (callerSignal?.aborted) return new McpError('cancelled', cancelled);
  if (signal.aborted) return new McpError('timeout', late);
  if (error instanceof McpError) return error;
  return new McpError('unavailable', describeError(error), { cause: error });
}

/** The same error, its message saying which server it came from. */
function named(target: McpServerTarget, error: McpError): McpError {
  if (error.message.startsWith('MCP server')) return error;
  const joins: Record<McpError['kind'], string> = {
    unavailable: ' is unavailable: ',
    protocol: ' sent an unusable answer: ',
    cancelled: ': ',
    timeout: ' ',
    server_error: ' ',
  };
  return new McpError(error.kind, `MCP server "${target.name}"${joins[error.kind]}${error.message}`, {
    cause: error.cause,
  });
}
