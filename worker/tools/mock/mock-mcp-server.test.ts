import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../agent-tools/mcp/client';
import { startMockMcp, type MockMcp } from './mock-mcp-server';

let server: MockMcp | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('mock MCP server on loopback', () => {
  it('listens on 127.0.0.1 at a free port and answers a plain initialize', async () => {
    server = await startMockMcp();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBe('session-1');
    expect(await res.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'mock-mcp' } } });
  });

  it.each([
    ['streamable-http', '/mcp', {}],
    ['streamable-http', '/mcp', { responseMode: 'sse' as const }],
    ['sse', '/sse', {}],
  ] as const)('serves the client over %s (%s %o), the slow tool included', async (transport, path, options) => {
    server = await startMockMcp({ ...options, slowMs: 30 });
    const client = await McpClient.connect(
      { name: 'loopback', transport, url: `${server.url}${path}`, headers: {} },
      { fetch: (input, init) => fetch(input, init) },
    );
    expect((await client.listTools()).length).toBeGreaterThan(3);
    expect((await client.callTool('slow', {})).text).toBe('done after 30 ms');
    expect((await client.callTool('hangup', {})).errorKind).toBe('unavailable');
    await client.close();
  });

  it('stops cleanly, with an event stream still open', async () => {
    const started = await startMockMcp();
    const stream = await fetch(`${started.url}/sse`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    await started.close();
    await expect(fetch(`${started.url}/mcp`, { method: 'POST' })).rejects.toThrow();
  });
});
