/**
 * Sends to agents in route tests: a config with the `Test` endpoint and the mock MCP server
 * (`local`, on loopback, so only TOOLS_PRIVATE_HOSTS lets the tools reach it), and one stubbed
 * network routing the provider and the MCP server by origin.
 */
import { vi } from 'vitest';
import { createMockMcpServer, type MockMcpServer } from '../mock-tools/mcp-server';
import { handlerFetch, type Handler } from '../mock-tools/handler-fetch';
import { scriptedProvider } from './agent-fixtures';
import { openAIStream, sseResponse } from './provider-replies';
import { TEST_BASE_URL } from './run-fixtures';

export const MCP_HOST = '127.0.0.1:8931';
export const MCP_ORIGIN = `http://${MCP_HOST}`;
/** The vars that let the tools reach the mock MCP server. */
export const MCP_VARS = { TOOLS_PRIVATE_HOSTS: MCP_HOST };

export const AGENT_CHAT_CONFIG = `
version: 1.2.5
endpoints:
  custom:
    - name: Test
      apiKey: sk-operator
      baseURL: ${TEST_BASE_URL}
      models:
        default: [test-model, other-model]
      modelDisplayLabel: Tester
mcpServers:
  local:
    type: streamable-http
    url: ${MCP_ORIGIN}/mcp
    initTimeout: 2000
`;

/** A provider turn that ends the run with `text`. */
export const finalTurn = (text: string) => (): Response =>
  sseResponse(openAIStream([text], { prompt: 10, completion: 3 }));

export interface AgentSendNetwork {
  /** The provider requests' JSON bodies, in order. */
  providerBodies: Record<string, unknown>[];
  mcp: MockMcpServer;
}

/**
 * Stubs the global fetch: provider turns answered in order (the last repeats), the MCP server,
 * and `extra` handlers by origin (an action's API).
 */
export function stubAgentSendNetwork(
  turns: ((call: number) => Response)[],
  extra: Record<string, Handler> = {},
): AgentSendNetwork {
  const { provider, providerBodies } = scriptedProvider(turns);
  const mcp = createMockMcpServer();
  const net = handlerFetch({
    [new URL(TEST_BASE_URL).origin]: provider,
    [MCP_ORIGIN]: (r) => mcp.handle(r),
    ...extra,
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => net.fetch(input, init));
  return { providerBodies, mcp };
}

/** The tool names a provider request offered. */
export function offeredTools(body: Record<string, unknown> | undefined): string[] {
  const tools = body?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.map((tool: { function?: { name?: string } }) => String(tool.function?.name));
}
