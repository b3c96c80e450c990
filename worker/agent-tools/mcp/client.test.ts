import { describe, expect, it } from 'vitest';
import { createMockMcpServer, mockMcpFetch } from '../../test/mock-tools/mcp-server';
import { MOCK_MCP_TOOL_NAMES } from '../../test/mock-tools/mcp-tools';
import { McpClient } from './client';
import { McpError } from './types';
import { connected, eventually, SETUPS, targetFor } from './test-setup';

describe.each(SETUPS)('MCP client over $label', (setup) => {
  it('initialises, lists the tools and calls them', async () => {
    const { server, client } = await connected(setup);
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MOCK_MCP_TOOL_NAMES);
    expect(tools[1]?.inputSchema).toMatchObject({ required: ['a', 'b'] });
    expect(await client.callTool('echo', { text: 'héllo' })).toEqual({
      text: 'héllo',
      isError: false,
      attachments: [],
    });
    expect((await client.callTool('add', { a: 2, b: 40 })).text).toBe('42');
    const methods = server.requests.flatMap((request) => request.rpcMethod ?? []);
    expect(methods.slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    await client.close();
  });

  it('follows nextCursor through every page of tools', async () => {
    const { server, client } = await connected(setup, { pageSize: 2 });
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(MOCK_MCP_TOOL_NAMES);
    expect(server.requests.filter((request) => request.rpcMethod === 'tools/list')).toHaveLength(3);
    await client.close();
  });

  it('ends a call that outlasts the timeout with a clear error and cancels it at the server', async () => {
    const { server, client } = await connected(setup, {}, { timeoutMs: 60 });
    const started = Date.now();
    const result = await client.callTool('slow', { ms: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ isError: true, errorKind: 'timeout' });
    expect(result.text).toBe('MCP server "mock" did not answer "slow" within 60 ms');
    await eventually(() => server.cancelled.length > 0);
    expect(server.cancelled).toHaveLength(1);
    // The server is still usable after the cancelled call.
    expect((await client.callTool('echo', { text: 'still here' })).text).toBe('still here');
    await client.close();
  });

  it('stops a call when the caller aborts and tells the server', async () => {
    const { server, client } = await connected(setup);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('run stopped')), 30);
    const result = await client.callTool('slow', { ms: 5_000 }, controller.signal);
    expect(result).toMatchObject({ isError: true, errorKind: 'cancelled' });
    expect(result.text).toBe('MCP server "mock": "slow" was cancelled');
    await eventually(() => server.cancelled.length > 0);
    expect(server.cancelled).toEqual([expect.any(Number)]);
    await client.close();
  });

  it("gives the tool's own failure and a JSON-RPC error as error results", async () => {
    const { client } = await connected(setup);
    expect(await client.callTool('fail', {})).toEqual({
      text: 'the mock tool failed on purpose',
      isError: true,
      attachments: [],
    });
    expect(await client.callTool('fail', { mode: 'rpc' })).toMatchObject({
      isError: true,
      errorKind: 'server_error',
      text: 'MCP server "mock" refused "fail": the mock tool broke (error -32603)',
    });
    expect((await client.callTool('missing', {})).text).toContain('Unknown tool: missing');
    await client.close();
  });

  it('gives a clear error when the server drops the connection mid-call', async () => {
    const { client } = await connected(setup);
    const result = await client.callTool('hangup', {});
    expect(result).toMatchObject({ isError: true, errorKind: 'unavailable' });
    expect(result.text).toMatch(/^MCP server "mock" is unavailable: .*(closed|cut|broke off)/);
  });

  it('gives up on a server that does not finish initialising in initTimeout', async () => {
    const server = createMockMcpServer({ ...setup.options, initDelayMs: 5_000 });
    const started = Date.now();
    const connecting = McpClient.connect(targetFor(setup, { initTimeoutMs: 50 }), { fetch: mockMcpFetch(server) });
    await expect(connecting).rejects.toThrow(new McpError('timeout', 'MCP server "mock" did not start within 50 ms'));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives up on a fetch that never settles instead of hanging', async () => {
    const never = (): Promise<Response> => new Promise<Response>(() => undefined);
    const connecting = McpClient.connect(targetFor(setup, { initTimeoutMs: 40 }), { fetch: never });
    await expect(connecting).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reports a server that cannot be reached', async () => {
    const refused = (): Promise<Response> => Promise.reject(new TypeError('connection refused'));
    const connecting = McpClient.connect(targetFor(setup), { fetch: refused });
    await expect(connecting).rejects.toThrow(
      'MCP server "mock" is unavailable: could not reach the server (connection refused)',
    );
  });

  it('sends the configured headers, and reports the refusal when they are missing', async () => {
    const requiredHeaders = { authorization: 'Bearer k-1' };
    const server = createMockMcpServer({ ...setup.options, requiredHeaders });
    await expect(McpClient.connect(targetFor(setup), { fetch: mockMcpFetch(server) })).rejects.toThrow(
      /^MCP server "mock" is unavailable: the server answered HTTP 401: .*missing header authorization/,
    );
    const client = await McpClient.connect(targetFor(setup, { headers: requiredHeaders }), {
      fetch: mockMcpFetch(server),
    });
    expect((await client.callTool('add', { a: 1, b: 1 })).text).toBe('2');
    await client.close();
  });

  it('stops connecting when the caller aborts', async () => {
    const server = createMockMcpServer({ ...setup.options, initDelayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const connecting = McpClient.connect(targetFor(setup), { fetch: mockMcpFetch(server), signal: controller.signal });
    await expect(connecting).rejects.toThrow(new McpError('cancelled', 'MCP server "mock": connecting was cancelled'));
  });

  it('refuses a server that speaks an unknown protocol version', async () => {
    const server = createMockMcpServer({ ...setup.options, protocolVersion: '1999-01-01' });
    await expect(McpClient.connect(targetFor(setup), { fetch: mockMcpFetch(server) })).rejects.toThrow(
      'MCP server "mock" is unavailable: it speaks protocol version 1999-01-01, which this client does not',
    );
  });
});

describe.each(SETUPS)('MCP client over $label, concurrent calls', (setup) => {
  it('matches each answer to its own call', async () => {
    const { client } = await connected(setup);
    const [slow, echo] = await Promise.all([
      client.callTool('slow', { ms: 80 }),
      client.callTool('echo', { text: 'fast' }),
    ]);
    expect(slow.text).toBe('done after 80 ms');
    expect(echo.text).toBe('fast');
    await client.close();
  });
});
