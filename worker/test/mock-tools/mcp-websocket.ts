/**
 * The mock MCP server's websocket side, for worker tests in workerd: a fetch function that
 * answers an upgrade request to `/ws` with one end of a WebSocketPair and runs every message the
 * client sends through a session of the mock (mcp-server.ts). Other requests go to the mock's
 * HTTP handler.
 */
import type { FetchLike } from '../../providers/types';
import type { MockMcpServer } from './mcp-server';

export interface MockMcpWebSocket {
  fetch: FetchLike;
  /** Closes every socket from the server's side, as a server that restarts does. */
  dropSockets(code?: number): void;
  /** The subprotocols each upgrade asked for. */
  protocols: (string | null)[];
}

export function mockMcpWebSocket(server: MockMcpServer): MockMcpWebSocket {
  const sockets: WebSocket[] = [];
  const protocols: (string | null)[] = [];

  function upgrade(request: Request): Response {
    protocols.push(request.headers.get('sec-websocket-protocol'));
    server.requests.push({
      transport: 'websocket',
      httpMethod: request.method,
      sessionId: null,
      protocolVersion: null,
      accept: request.headers.get('accept'),
    });
    for (const [name, value] of Object.entries(server.options.requiredHeaders ?? {})) {
      if (request.headers.get(name) !== value)
        return Response.json({ error: `missing header ${name}` }, { status: 401 });
    }
    const pair = new WebSocketPair();
    const [client, socket] = [pair[0], pair[1]];
    socket.accept();
    sockets.push(socket);
    const session = server.openSession();
    socket.addEventListener('message', (event) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        message = undefined;
      }
      const record = message as { method?: unknown } | undefined;
      server.requests.push({
        transport: 'websocket',
        httpMethod: 'MESSAGE',
        ...(typeof record?.method === 'string' ? { rpcMethod: record.method } : {}),
        sessionId: null,
        protocolVersion: null,
        accept: null,
      });
      void session(message).then((answer) => {
        // A slow answer (a tool that sleeps) may come after the client hung up, even after its
        // test ended: like a real server, the mock then has no one to answer.
        if (socket.readyState !== WebSocket.OPEN) return;
        if (answer === 'hangup') socket.close(1011, 'hung up');
        else if (answer !== undefined) socket.send(JSON.stringify(answer));
      });
    });
    return new Response(null, { status: 101, webSocket: client, headers: { 'sec-websocket-protocol': 'mcp' } });
  }

  const fetch: FetchLike = (input, init) => {
    const request = new Request(input, init);
    const isUpgrade = request.headers.get('upgrade')?.toLowerCase() === 'websocket';
    if (new URL(request.url).pathname === '/ws') {
      return Promise.resolve(isUpgrade ? upgrade(request) : new Response('upgrade required', { status: 426 }));
    }
    return server.handle(request);
  };

  return {
    fetch,
    protocols,
    dropSockets: (code = 1012) => {
      for (const socket of sockets.splice(0)) socket.close(code, 'restarting');
    },
  };
}
