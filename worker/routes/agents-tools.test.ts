import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { handlerFetch } from '../test/mock-tools/handler-fetch';
import { createMockMcpServer, type MockMcpServer } from '../test/mock-tools/mcp-server';
import { MOCK_MCP_TOOL_NAMES } from '../test/mock-tools/mcp-tools';
import { callAs, TEST_CREDS } from '../test/two-factor-helpers';
import type { UserRow } from '../db/users';

const CALCULATOR = {
  name: 'Calculator',
  pluginKey: 'calculator',
  description: expect.any(String),
  icon: expect.any(String),
  authConfig: [],
  authenticated: true,
};
/** The built-in tools that need settings this test's environment does not set: listed, not authenticated. */
const UNSET_BUILTINS = ['tavily_search_results_json', 'web_search', 'image_gen_oai'];
const BUILTINS = ['calculator', ...UNSET_BUILTINS];
const keys = (tools: Record<string, unknown>[]) => tools.map((tool) => tool.pluginKey);

const MCP_CONFIG = `version: 1.2.8
mcpServers:
  mock:
    type: streamable-http
    url: http://127.0.0.1:9100/mcp
    iconPath: /images/mock.svg
    headers:
      Authorization: "\${MCP_MOCK_TOKEN}"
  down:
    type: streamable-http
    url: http://127.0.0.1:9101/mcp
  local:
    command: npx
    args: [some-server]
`;
const VARS = {
  ...TEST_CREDS,
  TOOLS_PRIVATE_HOSTS: '127.0.0.1:9100, 127.0.0.1:9101',
  MCP_MOCK_TOKEN: 'Bearer mcp-token',
};

let server: MockMcpServer;
let requests: string[];

beforeEach(() => {
  clearMcpListingsForTests();
  server = createMockMcpServer({ requiredHeaders: { authorization: 'Bearer mcp-token' } });
  const net = handlerFetch({ 'http://127.0.0.1:9100': (request) => server.handle(request) });
  requests = net.requests;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => net.fetch(input, init));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await clearAppConfig();
});

const list = async (user: UserRow, vars = VARS, path = '/api/agents/tools') => {
  const res = await callAs(user, path, 'GET', undefined, vars);
  expect(res.status).toBe(200);
  return res.json<Record<string, unknown>[]>();
};

describe('GET /api/agents/tools', () => {
  it('lists the built-in tools, authenticated where the environment covers them, without MCP servers', async () => {
    const user = await createTestUser();
    const tools = await list(user);
    expect(keys(tools)).toEqual(BUILTINS);
    expect(tools[0]).toEqual(CALCULATOR);
    for (const tool of tools.slice(1)) {
      expect(tool).not.toHaveProperty('authenticated');
      expect(tool.authConfig).toEqual(
        expect.arrayContaining([expect.objectContaining({ authField: expect.any(String) })]),
      );
    }
    expect(await list(user, { ...VARS, TAVILY_API_KEY: 'tvly-key' })).toContainEqual(
      expect.objectContaining({ pluginKey: 'tavily_search_results_json', authenticated: true }),
    );
    expect(keys(await list(user, VARS, '/api/plugins'))).toEqual(BUILTINS);
    expect(requests).toEqual([]);
  });

  it('follows includedTools, else filteredTools', async () => {
    const user = await createTestUser();
    await storeAppConfig('version: 1.2.8\nincludedTools: [google]\n');
    expect(await list(user)).toEqual([]);
    await storeAppConfig('version: 1.2.8\nfilteredTools: [calculator]\n');
    expect(keys(await list(user))).toEqual(UNSET_BUILTINS);
    expect(keys(await list(user, VARS, '/api/plugins'))).toEqual(UNSET_BUILTINS);
    await storeAppConfig('version: 1.2.8\nincludedTools: [calculator]\nfilteredTools: [calculator]\n');
    expect(await list(user)).toEqual([CALCULATOR]);
  });

  it('puts the MCP servers’ tools first, keyed <tool>_mcp_<server>; a down server adds nothing', async () => {
    const user = await createTestUser();
    await storeAppConfig(MCP_CONFIG);
    const tools = await list(user);
    expect(keys(tools)).toEqual([...MOCK_MCP_TOOL_NAMES.map((name) => `${name}_mcp_mock`), ...BUILTINS]);
    expect(tools[0]).toEqual({
      name: MOCK_MCP_TOOL_NAMES[0],
      pluginKey: `${MOCK_MCP_TOOL_NAMES[0]}_mcp_mock`,
      description: expect.any(String),
      icon: '/images/mock.svg',
    });
    // The listing is remembered: opening the builder again asks no server.
    const asked = requests.length;
    expect(await list(user)).toEqual(tools);
    expect(requests.length).toBe(asked);
    // /api/plugins is LibreChat's list of built-in tools only.
    expect(keys(await list(user, VARS, '/api/plugins'))).toEqual(BUILTINS);
  });

  it('a loopback MCP server is refused unless the operator names its host and port', async () => {
    const user = await createTestUser();
    await storeAppConfig(MCP_CONFIG);
    expect(keys(await list(user, { ...VARS, TOOLS_PRIVATE_HOSTS: '' }))).toEqual(BUILTINS);
    expect(requests).toEqual([]);
  });
});

describe('GET /api/agents/tools/{toolId}/auth', () => {
  it('a built-in tool the environment covers is system defined; an unknown tool is not found', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/agents/tools/calculator/auth');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, message: 'system_defined' });
    const unset = await callAs(user, '/api/agents/tools/web_search/auth');
    expect(await unset.json()).toEqual({ authenticated: false, message: 'user_provided' });
    for (const tool of ['execute_code', 'google', 'echo_mcp_mock']) {
      const unknown = await callAs(user, `/api/agents/tools/${tool}/auth`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Tool not found', code: 'not_found' });
    }
  });
});
