import { describe, expect, it } from 'vitest';
import { createMockMcpServer, mockMcpFetch } from '../../test/mock-tools/mcp-server';
import { McpSessions, listServerTools } from './sessions';
import { McpError, type McpServerTarget } from './types';

const target = (name: string, extra: Partial<McpServerTarget> = {}): McpServerTarget => ({
  name,
  transport: 'streamable-http',
  url: `https://${name}.example/mcp`,
  headers: {},
  ...extra,
});

describe('the MCP connections of a run', () => {
  it('connects once per server, reuses the session and closes it at the end', async () => {
    const server = createMockMcpServer();
    const sessions = new McpSessions({ fetch: mockMcpFetch(server) });
    const [a, b] = await Promise.all([
      sessions.callTool(target('one'), 'echo', { text: 'a' }),
      sessions.callTool(target('one'), 'add', { a: 1, b: 2 }),
    ]);
    expect([a.text, b.text]).toEqual(['a', '3']);
    expect(server.requests.filter((request) => request.rpcMethod === 'initialize')).toHaveLength(1);
    await sessions.closeAll();
    expect(server.deleted).toEqual(['session-1']);
  });

  it('waits on a down server once, then answers its later calls with that error without trying again', async () => {
    let attempts = 0;
    const never = (): Promise<Response> => {
      attempts++;
      return new Promise<Response>(() => undefined);
    };
    const sessions = new McpSessions({ fetch: never });
    const slowServer = target('stuck', { initTimeoutMs: 40 });
    const first = await sessions.callTool(slowServer, 'echo', {});
    const second = await sessions.callTool(slowServer, 'echo', {});
    expect(first).toEqual({
      text: 'MCP server "stuck" did not start within 40 ms',
      isError: true,
      errorKind: 'timeout',
      attachments: [],
    });
    expect(second).toEqual(first);
    expect(attempts).toBe(1);
    await sessions.closeAll();
  });

  it('connects afresh after the server lost the session', async () => {
    const server = createMockMcpServer();
    const fetch = mockMcpFetch(server);
    const sessions = new McpSessions({ fetch });
    await sessions.callTool(target('one'), 'echo', { text: 'a' });
    // The server restarts and forgets the session.
    await fetch('https://one.example/mcp', { method: 'DELETE', headers: { 'mcp-session-id': 'session-1' } });
    expect((await sessions.callTool(target('one'), 'echo', { text: 'b' })).errorKind).toBe('unavailable');
    expect((await sessions.callTool(target('one'), 'echo', { text: 'c' })).text).toBe('c');
    expect(server.requests.filter((request) => request.rpcMethod === 'initialize')).toHaveLength(2);
    await sessions.closeAll();
  });

  it('gives a cancelled result when the call is stopped while its server is still starting', async () => {
    const server = createMockMcpServer({ initDelayMs: 5_000 });
    const sessions = new McpSessions({ fetch: mockMcpFetch(server) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await sessions.callTool(target('late'), 'echo', {}, controller.signal);
    expect(result).toMatchObject({
      isError: true,
      errorKind: 'cancelled',
      text: 'MCP server "late": "echo" was cancelled',
    });
  });
});

describe('listing a server’s tools', () => {
  it('lists and closes the session', async () => {
    const server = createMockMcpServer({ pageSize: 4 });
    const listed = await listServerTools(target('docs'), { fetch: mockMcpFetch(server) });
    expect('tools' in listed && listed.tools.map((tool) => tool.name)).toContain('hangup');
    expect(server.deleted).toEqual(['session-1']);
  });

  it('gives the reason a server cannot be listed', async () => {
    const refused = (): Promise<Response> => Promise.reject(new TypeError('connection refused'));
    const listed = await listServerTools(target('gone'), { fetch: refused });
    expect(listed).toEqual({
      error: new McpError(
        'unavailable',
        'MCP server "gone" is unavailable: could not reach the server (connection refused)',
      ),
    });
  });
});
