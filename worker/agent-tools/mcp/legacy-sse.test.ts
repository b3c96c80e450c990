import { describe, expect, it } from 'vitest';
import { createMockMcpServer, mockMcpFetch } from '../../test/mock-tools/mcp-server';
import { McpClient } from './client';
import { connected, eventually, SETUPS, targetFor } from './test-setup';

const setup = SETUPS.find((candidate) => candidate.transport === 'sse');
if (!setup) throw new Error('HTTP+SSE setup missing');

/** A server whose event stream sends `body` and stays open. */
function streamOnly(body: string): () => Promise<Response> {
  return () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode(body)),
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    );
}

describe('HTTP+SSE transport', () => {
  it('posts to the endpoint the stream names and reads the answers from the stream', async () => {
    const { server, client } = await connected(setup);
    await client.callTool('echo', { text: 'x' });
    expect(server.requests.map((request) => `${request.httpMethod} ${request.rpcMethod ?? ''}`.trim())).toEqual([
      'GET',
      'POST initialize',
      'POST notifications/initialized',
      'POST tools/call',
    ]);
    expect(server.requests[0]?.accept).toBe('text/event-stream');
    await client.close();
  });

  it('closes the event stream on close, and later calls fail at once', async () => {
    const { server, client } = await connected(setup);
    await client.close();
    await eventually(() => server.closedStreams.length > 0);
    expect(server.closedStreams).toEqual(['session-1']);
    expect(await client.callTool('echo', { text: 'x' })).toMatchObject({ isError: true, errorKind: 'cancelled' });
  });

  it('fails the waiting call and the later ones when the server ends the stream', async () => {
    const { server, client } = await connected(setup);
    const waiting = client.callTool('slow', { ms: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.dropStreams();
    expect(await waiting).toMatchObject({
      isError: true,
      text: 'MCP server "mock" is unavailable: the server closed the connection',
    });
    expect((await client.callTool('echo', { text: 'x' })).errorKind).toBe('unavailable');
  });

  it('refuses an endpoint on another origin, which would receive the configured headers', async () => {
    const fetch = streamOnly('event: endpoint\ndata: https://elsewhere.example/messages\n\n');
    await expect(McpClient.connect(targetFor(setup), { fetch })).rejects.toThrow(
      'MCP server "mock" sent an unusable answer: the server named an endpoint on another origin (https://elsewhere.example)',
    );
  });

  it('gives up on a stream that never names its endpoint', async () => {
    const fetch = streamOnly(': nothing yet\n\n');
    await expect(McpClient.connect(targetFor(setup, { initTimeoutMs: 40 }), { fetch })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('reports a stream that ends before naming its endpoint', async () => {
    const fetch = (): Promise<Response> =>
      Promise.resolve(new Response('', { headers: { 'content-type': 'text/event-stream' } }));
    await expect(McpClient.connect(targetFor(setup), { fetch })).rejects.toThrow(
      'MCP server "mock" is unavailable: the server closed its event stream before naming an endpoint',
    );
  });

  it('reports a post the server refuses', async () => {
    const fetch = mockMcpFetch(createMockMcpServer());
    const refusing: typeof fetch = (input, init) =>
      init?.method === 'POST' ? Promise.resolve(new Response('busy', { status: 503 })) : fetch(input, init);
    await expect(McpClient.connect(targetFor(setup), { fetch: refusing })).rejects.toThrow(
      'MCP server "mock" is unavailable: the server answered HTTP 503: busy',
    );
  });
});
