/**
 * The mock MCP server of worker/test/mock-tools/mcp-server.ts on 127.0.0.1, for end-to-end runs:
 * streamable HTTP at `<url>/mcp`, HTTP+SSE at `<url>/sse` (served by web-handler-server.ts).
 */
import { createMockMcpServer, type MockMcpOptions, type MockMcpServer } from '../../test/mock-tools/mcp-server';
import { serveWebHandler } from './web-handler-server';

export interface MockMcp {
  /** The origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The handler behind it: its options can be changed and its records read while it runs. */
  mock: MockMcpServer;
  close(): Promise<void>;
}

export async function startMockMcp(options: MockMcpOptions = {}): Promise<MockMcp> {
  const mock = createMockMcpServer(options);
  const server = await serveWebHandler((request) => mock.handle(request));
  return { ...server, mock };
}
