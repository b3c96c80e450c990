import { describe, expect, it } from 'vitest';
import { createMockMcpServer, type MockMcpOptions } from '../../test/mock-tools/mcp-server';
import { mockMcpWebSocket } from '../../test/mock-tools/mcp-websocket';
import { createGuardedFetch } from '../net/guarded-fetch';
import { McpClient } from './client';
import { eventually } from './test-setup';
import type { McpServerTarget } from './types';
import { upgradeUrl } from './websocket';

const target = (extra: Partial<McpServerTarget> = {}): McpServerTarget => ({
  name: 'live',
  transport: 'websocket',
  url: 'wss://mcp.example/ws',
  headers: {},
  ...extra,
});

async function connected(options: MockMcpOptions = {}, extra: Partial<McpServerTarget> = {}) {
  const server = createMockMcpServer(options);
  const socket = mockMcpWebSocket(server);
  const client = await McpClient.connect(target(extra), { fetch: socket.fetch });
  return { server, socket, client };
}

describe('websocket transport', () => {
  it('upgrades with the mcp subprotocol and the configured headers, then speaks JSON-RPC over the socket', async () => {
    const { server, socket, client } = await connected(
      { requiredHeaders: { authorization: 'Bearer k' } },
      { headers: { authorization: 'Bearer k' } },
    );
    expect(socket.protocols).toEqual(['mcp']);
    expect((await client.listTools()).map((tool) => tool.name)).toContain('echo');
    expect(await client.callTool('echo', { text: 'over the wire' })).toMatchObject({
      isError: false,
      text: 'over the wire',
    });
    expect(server.requests.map((request) => request.rpcMethod ?? request.httpMethod)).toEqual([
      'GET',
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    await client.close();
  });

  it('is refused without the headers the server wants, with its answer in the message', async () => {
    const server = createMockMcpServer({ requiredHeaders: { authorization: 'Bearer k' } });
    await expect(McpClient.connect(target(), { fetch: mockMcpWebSocket(server).fetch })).rejects.toThrow(
      'MCP server "live" is unavailable: the server answered HTTP 401',
    );
  });

  it('fails the waiting call and later ones when the server closes the socket', async () => {
    const { socket, client } = await connected();
    const waiting = client.callTool('slow', { ms: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.dropSockets(1012);
    expect(await waiting).toMatchObject({
      isError: true,
      errorKind: 'unavailable',
      text: 'MCP server "live" is unavailable: the server closed the websocket (code 1012)',
    });
    expect((await client.callTool('echo', { text: 'x' })).errorKind).toBe('unavailable');
  });

  it('cancels a call given up on at the server, on the same socket', async () => {
    const { server, client } = await connected({}, { timeoutMs: 50 });
    expect(await client.callTool('slow', { ms: 5_000 })).toMatchObject({ isError: true, errorKind: 'timeout' });
    await eventually(() => server.cancelled.length > 0);
    expect(server.cancelled).toHaveLength(1);
    await client.close();
  });

  it('reports a server that answers without upgrading', async () => {
    const server = createMockMcpServer();
    const fetch = mockMcpWebSocket(server).fetch;
    await expect(McpClient.connect(target({ url: 'wss://mcp.example/elsewhere' }), { fetch })).rejects.toThrow(
      'MCP server "live" is unavailable: the server answered HTTP 404',
    );
  });

  it('goes through the guarded fetch as the http(s) URL it upgrades from: loopback is refused', async () => {
    const server = createMockMcpServer();
    const guarded = createGuardedFetch(
      { allowedDomains: null, privateHosts: [], dnsResolver: null },
      { fetch: mockMcpWebSocket(server).fetch, resolve: () => Promise.resolve(['93.184.215.14']) },
    );
    await expect(McpClient.connect(target({ url: 'ws://127.0.0.1:8080/ws' }), { fetch: guarded })).rejects.toThrow(
      /127\.0\.0\.1 is/,
    );
    expect(server.requests).toEqual([]);
    const client = await McpClient.connect(target(), { fetch: guarded });
    expect(await client.callTool('echo', { text: 'public' })).toMatchObject({ text: 'public' });
    await client.close();
  });

  it('maps ws to http and wss to https for the upgrade request', () => {
    expect(upgradeUrl('ws://a.example:81/x?y=1')).toBe('http://a.example:81/x?y=1');
    expect(upgradeUrl('WSS://a.example/ws')).toBe('https://a.example/ws');
  });
});
