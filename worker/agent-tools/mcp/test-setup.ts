/** Connecting the client to the mock MCP server in each of its three ways of answering. */
import {
  createMockMcpServer,
  mockMcpFetch,
  type MockMcpOptions,
  type MockMcpServer,
} from '../../test/mock-tools/mcp-server';
import { McpClient } from './client';
import type { McpServerTarget } from './types';

export interface Setup {
  label: string;
  transport: McpServerTarget['transport'];
  path: string;
  options: MockMcpOptions;
}

export const SETUPS: Setup[] = [
  { label: 'streamable HTTP, JSON answers', transport: 'streamable-http', path: '/mcp', options: {} },
  {
    label: 'streamable HTTP, streamed answers',
    transport: 'streamable-http',
    path: '/mcp',
    options: { responseMode: 'sse' },
  },
  { label: 'HTTP+SSE', transport: 'sse', path: '/sse', options: {} },
];

export function targetFor(setup: Setup, extra: Partial<McpServerTarget> = {}): McpServerTarget {
  return { name: 'mock', transport: setup.transport, url: `https://mcp.example${setup.path}`, headers: {}, ...extra };
}

export async function connected(
  setup: Setup,
  options: MockMcpOptions = {},
  extra: Partial<McpServerTarget> = {},
): Promise<{ server: MockMcpServer; client: McpClient }> {
  const server = createMockMcpServer({ ...setup.options, ...options });
  const client = await McpClient.connect(targetFor(setup, extra), { fetch: mockMcpFetch(server) });
  return { server, client };
}

/**
 * Waits until `condition` holds (or a second has passed): the notices the client sends on the
 * side, such as cancellations, reach the server a little after the call has ended.
 */
export async function eventually(condition: () => boolean): Promise<void> {
  const until = Date.now() + 1_000;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}
