/**
 * A mock MCP server as a web-standard handler (Request → Response), speaking both HTTP
 * transports: streamable HTTP at `/mcp` (answers as JSON or as an event stream) and the older
 * HTTP+SSE at `/sse` (event stream) with `/messages?sessionId=` for the posts. Worker tests call
 * it through a fetch function; worker/tools/mock/mock-mcp-server.ts serves it on loopback.
 * It records what it was sent so tests can check the client's side of the protocol.
 */
import { callTool, listTools, type ToolOutcome } from './mcp-tools';

export interface MockMcpOptions {
  /** How streamable HTTP answers a request (default json). */
  responseMode?: 'json' | 'sse';
  /** Tools per `tools/list` page (default: all on one page). */
  pageSize?: number;
  /** Delay before answering `initialize`. */
  initDelayMs?: number;
  /** How long `slow` waits when not told (default 1000). */
  slowMs?: number;
  /** Headers every request must carry (else 401). */
  requiredHeaders?: Record<string, string>;
  /** The protocol version the server answers with (default: the one asked for). */
  protocolVersion?: string;
  /** On streamed answers, ping the client first (the client must answer it). */
  pingFirst?: boolean;
}

export interface RecordedRequest {
  transport: 'streamable-http' | 'sse' | 'websocket';
  httpMethod: string;
  /** The JSON-RPC method, when the request carried one. */
  rpcMethod?: string;
  sessionId: string | null;
  protocolVersion: string | null;
  accept: string | null;
}

export interface MockMcpServer {
  handle(request: Request): Promise<Response>;
  options: MockMcpOptions;
  requests: RecordedRequest[];
  /** Request ids named by `notifications/cancelled`. */
  cancelled: unknown[];
  /** Streamable HTTP sessions ended by DELETE. */
  deleted: string[];
  /** The client's answers to the server's own requests. */
  clientAnswers: unknown[];
  /** HTTP+SSE sessions whose event stream the client closed. */
  closedStreams: string[];
  /** Ends an HTTP+SSE session's event stream from the server's side. */
  dropStreams(): void;
  /**
   * A session for a transport that carries the messages itself (websocket, mcp-websocket.ts):
   * each message in, its answer out (undefined for a notification, `hangup` to drop the line).
   */
  openSession(): (message: unknown) => Promise<Rpc | 'hangup' | undefined>;
}

interface Session {
  protocolVersion?: string;
  /** The open event stream of an HTTP+SSE session. */
  stream?: ReadableStreamDefaultController<Uint8Array>;
  running: Map<unknown, AbortController>;
}

type Rpc = Record<string, unknown>;

const encoder = new TextEncoder();
const sse = (event: string, data: string): Uint8Array => encoder.encode(`event: ${event}\ndata: ${data}\n\n`);
const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  Response.json(body, { status, headers });
const isRecord = (value: unknown): value is Rpc => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createMockMcpServer(options: MockMcpOptions = {}): MockMcpServer {
  const sessions = new Map<string, Session>();
  let nextSession = 0;
  const server: MockMcpServer = {
    options,
    requests: [],
    cancelled: [],
    deleted: [],
    clientAnswers: [],
    closedStreams: [],
    handle,
    dropStreams,
    openSession,
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.json().catch(() => undefined) : undefined;
    const transport = url.pathname === '/mcp' ? 'streamable-http' : 'sse';
    server.requests.push({
      transport,
      httpMethod: request.method,
      ...(isRecord(body) && typeof body.method === 'string' ? { rpcMethod: body.method } : {}),
      sessionId: request.headers.get('mcp-session-id'),
      protocolVersion: request.headers.get('mcp-protocol-version'),
      accept: request.headers.get('accept'),
    });
    for (const [name, value] of Object.entries(server.options.requiredHeaders ?? {})) {
      if (request.headers.get(name) !== value) return json({ error: `missing header ${name}` }, 401);
    }
    if (url.pathname === '/mcp') return streamable(request, body);
    if (url.pathname === '/sse' && request.method === 'GET') return openStream();
    if (url.pathname === '/messages' && request.method === 'POST') return legacyPost(url, body);
    return new Response('not found', { status: 404 });
  }

  function newSession(): [string, Session] {
    const id = `session-${++nextSession}`;
    const session: Session = { running: new Map() };
    sessions.set(id, session);
    return [id, session];
  }

  /** Runs one JSON-RPC message; undefined for a notification. */
  async function answer(message: Rpc, session: Session): Promise<ToolOutcome | undefined> {
    const params = isRecord(message.params) ? message.params : {};
    if (message.id === undefined) {
      if (message.method === 'notifications/cancelled') {
        server.cancelled.push(params.requestId);
        session.running.get(params.requestId)?.abort();
      }
      return undefined;
    }
    switch (message.method) {
      case 'initialize': {
        await new Promise((resolve) => setTimeout(resolve, server.options.initDelayMs ?? 0));
        session.protocolVersion = server.options.protocolVersion ?? String(params.protocolVersion);
        return {
          result: {
            protocolVersion: session.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'mock-mcp', version: '1.0.0' },
          },
        };
      }
      case 'ping':
        return { result: {} };
      case 'tools/list':
        return { result: listTools(params.cursor, server.options.pageSize) };
      case 'tools/call': {
        const running = new AbortController();
        session.running.set(message.id, running);
        const args = isRecord(params.arguments) ? params.arguments : {};
        try {
          return await callTool(params.name, args, server.options.slowMs ?? 1000, running.signal);
        } finally {
          session.running.delete(message.id);
        }
      }
      default:
        return { error: { code: -32601, message: `Method not found: ${String(message.method)}` } };
    }
  }

  function reply(id: unknown, outcome: ToolOutcome): Rpc {
    return 'error' in outcome ? { jsonrpc: '2.0', id, error: outcome.error } : { jsonrpc: '2.0', id, ...outcome };
  }

  async function streamable(request: Request, body: unknown): Promise<Response> {
    if (request.method === 'DELETE') {
      const id = request.headers.get('mcp-session-id') ?? '';
      if (!sessions.delete(id)) return json({ error: 'unknown session' }, 404);
      server.deleted.push(id);
      return new Response(null, { status: 200 });
    }
    if (request.method !== 'POST') return new Response('method not allowed', { status: 405 });
    const accept = request.headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return json({ error: 'Accept must list application/json and text/event-stream' }, 406);
    }
    if (!isRecord(body)) return json({ error: 'not a JSON-RPC message' }, 400);
    if (body.method === undefined) {
      server.clientAnswers.push(body);
      return new Response(null, { status: 202 });
    }
    let sessionId = request.headers.get('mcp-session-id');
    let session: Session | undefined;
    if (body.method === 'initialize') [sessionId, session] = newSession();
    else {
      session = sessions.get(sessionId ?? '');
      if (!sessionId) return json({ error: 'missing Mcp-Session-Id' }, 400);
      if (!session) return json({ error: 'unknown session' }, 404);
      if (request.headers.get('mcp-protocol-version') !== session.protocolVersion) {
        return json({ error: 'missing or wrong MCP-Protocol-Version' }, 400);
      }
    }
    const headers = { 'mcp-session-id': sessionId };
    if (server.options.responseMode === 'sse' && body.id !== undefined) return streamedAnswer(body, session, headers);
    const outcome = await answer(body, session);
    if (outcome === undefined) return new Response(null, { status: 202, headers });
    if ('hangup' in outcome) return cutBody('{"jsonrpc":"2.0","id":', headers);
    return json(reply(body.id, outcome), 200, headers);
  }

  /** Answers on an event stream, announced at once and ended after the answer (or cut for hangup). */
  function streamedAnswer(body: Rpc, session: Session, headers: Record<string, string>): Response {
    const stream = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        controller.enqueue(encoder.encode(': answer follows\n\n'));
        if (server.options.pingFirst) {
          controller.enqueue(sse('message', JSON.stringify({ jsonrpc: '2.0', id: 'server-ping', method: 'ping' })));
        }
        const outcome = await answer(body, session);
        if (outcome && !('hangup' in outcome))
          controller.enqueue(sse('message', JSON.stringify(reply(body.id, outcome))));
        controller.close();
      },
    });
    return new Response(stream, { headers: { ...headers, 'content-type': 'text/event-stream' } });
  }

  function openStream(): Response {
    const [id, session] = newSession();
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        session.stream = controller;
        controller.enqueue(sse('endpoint', `/messages?sessionId=${id}`));
      },
      cancel: () => {
        session.stream = undefined;
        sessions.delete(id);
        server.closedStreams.push(id);
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  }

  function legacyPost(url: URL, body: unknown): Response {
    const session = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (!session?.stream) return json({ error: 'unknown session' }, 404);
    if (!isRecord(body)) return json({ error: 'not a JSON-RPC message' }, 400);
    const stream = session.stream;
    // The answer goes out on the event stream; the post itself is only accepted.
    void answer(body, session).then((outcome) => {
      if (outcome === undefined || session.stream === undefined) return;
      if ('hangup' in outcome) {
        session.stream = undefined;
        stream.close();
        return;
      }
      stream.enqueue(sse('message', JSON.stringify(reply(body.id, outcome))));
    });
    return new Response('Accepted', { status: 202 });
  }

  function openSession(): (message: unknown) => Promise<Rpc | 'hangup' | undefined> {
    const [, session] = newSession();
    return async (message) => {
      if (!isRecord(message)) return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
      if (message.method === undefined) {
        server.clientAnswers.push(message);
        return undefined;
      }
      const outcome = await answer(message, session);
      if (outcome === undefined) return undefined;
      return 'hangup' in outcome ? 'hangup' : reply(message.id, outcome);
    };
  }

  function dropStreams(): void {
    for (const session of sessions.values()) {
      session.stream?.close();
      session.stream = undefined;
    }
  }

  return server;
}

/** A body that starts and then breaks off, as when a server process dies mid-answer. */
function cutBody(start: string, headers: Record<string, string>): Response {
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      controller.enqueue(encoder.encode(start));
      controller.error(new Error('connection reset'));
    },
  });
  return new Response(stream, { headers: { ...headers, 'content-type': 'application/json' } });
}

/** A fetch function that hands every request to the mock, as a Worker's fetch would to a server. */
export function mockMcpFetch(
  server: MockMcpServer,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  return (input, init) => server.handle(new Request(input, init));
}
