import { describe, expect, it } from 'vitest';
import { PETS_ORIGIN, petsHandler } from '../test/mock-tools/action-handler';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../test/mock-tools/doh-handler';
import { handlerFetch } from '../test/mock-tools/handler-fetch';
import { createMockMcpServer } from '../test/mock-tools/mcp-server';
import { PETS_DOMAIN, petsDocument } from '../test/mock-tools/pets-openapi';
import { calculatorSpec } from './builtins/calculator';
import { createToolRuntime, runTool, toolErrorText } from './index';
import { createDohResolver } from './net/doh';
import { parseActionSpec } from './openapi/parse';
import type { NetworkPolicy, ToolContext, ToolSpec } from './types';

const network: NetworkPolicy = { allowedDomains: null, privateHosts: [], dnsResolver: MOCK_DOH_URL };

function harness(options: { outputMaxBytes?: number; signal?: AbortSignal } = {}) {
  const mcp = createMockMcpServer();
  const net = handlerFetch({
    [MOCK_DOH_ORIGIN]: dohHandler({ [PETS_DOMAIN]: ['93.184.215.20'], 'mcp.example': ['93.184.215.21'] }),
    [PETS_ORIGIN]: petsHandler(),
    'https://mcp.example': (request) => mcp.handle(request),
  });
  const signal = options.signal ?? new AbortController().signal;
  const runtime = createToolRuntime({
    network,
    outbound: { fetch: net.fetch, resolve: createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch }) },
    mcpServers: [{ name: 'local', transport: 'streamable-http', url: 'https://mcp.example/mcp', headers: {} }],
    signal,
    ...(options.outputMaxBytes ? { outputMaxBytes: options.outputMaxBytes } : {}),
  });
  const context: ToolContext = { signal, userId: 'user-1', conversationId: 'conversation-1', network };
  return {
    runtime,
    context,
    run: (spec: ToolSpec, args: Record<string, unknown>) => runTool(spec, args, context, runtime),
  };
}

const parsed = parseActionSpec(JSON.stringify(petsDocument()), PETS_DOMAIN);
if (!parsed.ok) throw new Error('the pets document does not parse');
const listPets = parsed.operations[0]!;

function action(path: string, timeoutMs = 30_000): ToolSpec {
  return {
    key: `get_action_${PETS_DOMAIN}`,
    description: path,
    parameters: { type: 'object', properties: {} },
    timeoutMs,
    exec: { kind: 'action', actionId: 'a1', operation: { ...listPets, path, params: [] }, auth: { type: 'none' } },
  };
}

function mcpTool(toolName: string, serverName = 'local'): ToolSpec {
  return {
    key: `${toolName}_mcp_${serverName}`,
    description: toolName,
    parameters: { type: 'object', properties: {} },
    timeoutMs: 5_000,
    exec: { kind: 'mcp', serverName, toolName },
  };
}

describe('runTool', () => {
  it('runs the calculator, and marks its failures with the tool key', async () => {
    const { run } = harness();
    expect(await run(calculatorSpec(), { input: '2^10' })).toEqual({ output: '1024', isError: false });
    const failed = await run(calculatorSpec(), { input: '2+' });
    expect(failed.isError).toBe(true);
    expect(failed.output.startsWith(toolErrorText('calculator', 'Cannot evaluate'))).toBe(true);
  });

  it('reports a built-in this server does not have as an error result', async () => {
    const { run } = harness();
    const spec: ToolSpec = {
      ...calculatorSpec(),
      key: 'dalle',
      exec: { kind: 'builtin', name: 'dalle', credentials: {} },
    };
    expect(await run(spec, {})).toEqual({
      output: 'Error processing tool dalle: the tool "dalle" is not available on this server',
      isError: true,
    });
  });

  it('runs an action through the guarded fetch and caps its output with a note', async () => {
    const { run } = harness({ outputMaxBytes: 100 });
    const result = await run(action('/huge'), {});
    expect(result.isError).toBe(false);
    expect(result.output).toMatch(/^y{100}\n\n\[Tool output cut: showing the first 100 of \d+ bytes\.\]$/);
  });

  it('answers a call past its timeout with an error result', async () => {
    const { run } = harness();
    expect(await run(action('/slow', 50), {})).toEqual({
      output: `Error processing tool get_action_${PETS_DOMAIN}: timed out after 0.05 s`,
      isError: true,
    });
  });

  it('throws when the run is stopped, however long the tool would take', async () => {
    const stop = new AbortController();
    const { run } = harness({ signal: stop.signal });
    const pending = run(action('/slow'), {});
    setTimeout(() => stop.abort(new Error('stopped')), 20);
    await expect(pending).rejects.toThrow('stopped');
  });

  it('calls an MCP tool on its configured server, and reports an unconfigured server', async () => {
    const { run, runtime } = harness();
    expect(await run(mcpTool('echo'), { text: 'hello' })).toEqual({ output: 'hello', isError: false });
    const failed = await run(mcpTool('fail'), {});
    expect(failed).toEqual({
      output: 'Error processing tool fail_mcp_local: the mock tool failed on purpose',
      isError: true,
    });
    expect(await run(mcpTool('echo', 'elsewhere'), {})).toEqual({
      output: 'Error processing tool echo_mcp_elsewhere: the MCP server "elsewhere" is not configured',
      isError: true,
    });
    await runtime.mcp.closeAll();
  });
});
