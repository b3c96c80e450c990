import { describe, expect, it } from 'vitest';
import { createMockMcpServer, mockMcpFetch } from '../../test/mock-tools/mcp-server';
import { McpClient } from './client';
import { connected, eventually, SETUPS, targetFor } from './test-setup';

const [jsonSetup, streamedSetup] = SETUPS.filter((setup) => setup.transport === 'streamable-http');
if (!jsonSetup || !streamedSetup) throw new Error('streamable HTTP setups missing');

describe('streamable HTTP transport', () => {
  it('posts with both Accept types, then echoes the session id and the agreed protocol version', async () => {
    const { server, client } = await connected(jsonSetup);
    await client.callTool('echo', { text: 'x' });
    const [initialize, ...later] = server.requests;
    expect(initialize).toMatchObject({ rpcMethod: 'initialize', sessionId: null, protocolVersion: null });
    expect(later.map((request) => request.rpcMethod)).toEqual(['notifications/initialized', 'tools/call']);
    for (const request of server.requests) {
      expect(request.accept).toBe('application/json, text/event-stream');
    }
    for (const request of later) {
      expect(request).toMatchObject({ sessionId: 'session-1', protocolVersion: '2025-06-18' });
    }
    await client.close();
  });

  it('accepts an older protocol version the server prefers and sends that one', async () => {
    const { server, client } = await connected(jsonSetup, { protocolVersion: '2025-03-26' });
    await client.callTool('echo', { text: 'x' });
    expect(server.requests.at(-1)?.protocolVersion).toBe('2025-03-26');
    await client.close();
  });

  it('ends the session with a DELETE on close', async () => {
    const { server, client } = await connected(jsonSetup);
    await client.close();
    expect(server.requests.at(-1)).toMatchObject({ httpMethod: 'DELETE', sessionId: 'session-1' });
    expect(server.deleted).toEqual(['session-1']);
    // A second close sends nothing more.
    await client.close();
    expect(server.requests.filter((request) => request.httpMethod === 'DELETE')).toHaveLength(1);
  });

  it('says so when the server has forgotten the session', async () => {
    const server = createMockMcpServer();
    const fetch = mockMcpFetch(server);
    const client = await McpClient.connect(targetFor(jsonSetup), { fetch });
    await fetch('https://mcp.example/mcp', { method: 'DELETE', headers: { 'mcp-session-id': 'session-1' } });
    const result = await client.callTool('echo', { text: 'x' });
    expect(result.text).toBe(
      'MCP server "mock" is unavailable: the server no longer knows this session (it may have restarted)',
    );
  });

  it("answers the server's ping that arrives before the answer on a stream", async () => {
    const { server, client } = await connected(streamedSetup, { pingFirst: true });
    expect((await client.callTool('add', { a: 1, b: 2 })).text).toBe('3');
    await eventually(() => server.clientAnswers.length > 0);
    expect(server.clientAnswers).toContainEqual({ jsonrpc: '2.0', id: 'server-ping', result: {} });
    await client.close();
  });
});
