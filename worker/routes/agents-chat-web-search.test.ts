import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointsConfigSchema } from '../contract/config';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { createTestUser } from '../test/auth-helpers';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import {
  AGENT_CHAT_CONFIG,
  finalTurn,
  MCP_HOST,
  offeredTools,
  stubAgentSendNetwork,
} from '../test/chat/agent-send-fixtures';
import { sseResponse } from '../test/chat/provider-replies';
import {
  SEARCH_PRIVATE_HOSTS,
  SEARXNG_ORIGIN,
  searxngHandler,
  SERPER_ORIGIN,
  serperHandler,
  TAVILY_ORIGIN,
  tavilyHandler,
} from '../test/mock-tools/search-handlers';
import { MOCK_MCP_TOOL_NAMES } from '../test/mock-tools/mcp-tools';
import { callApp } from '../test/helpers';

/** The search mocks (and the MCP server) are reached only because the policy names them. */
const PRIVATE_HOSTS = { TOOLS_PRIVATE_HOSTS: [...SEARCH_PRIVATE_HOSTS, MCP_HOST].join(',') };
const SEARXNG = { ...PRIVATE_HOSTS, SEARXNG_INSTANCE_URL: SEARXNG_ORIGIN };
const SEARCH_HANDLERS = {
  [SEARXNG_ORIGIN]: searxngHandler(),
  [SERPER_ORIGIN]: serperHandler('serper-key'),
  [TAVILY_ORIGIN]: tavilyHandler('tvly-key'),
};

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const searchCall = (name: string) => () =>
  sseResponse(openAIToolTurn('', [{ id: 'call_search', name, args: '{"query":"otters"}' }]));

const webSearchBody = (ephemeralAgent: Record<string, unknown> = { web_search: true }) =>
  sendBody({ text: 'What about otters?', ephemeralAgent });

interface SearchPart {
  type: string;
  tool_call?: { name: string; output: string; sources?: { index: number; url: string }[] };
}

async function searchReply(vars: Record<string, string>, tool: string) {
  const user = await createTestUser();
  const network = stubAgentSendNetwork([searchCall(tool), finalTurn('Otters are in the news [1].')], SEARCH_HANDLERS);
  const result = await send(user, '/api/agents/chat/custom', webSearchBody(), vars);
  return { network, ...finalOf(result) };
}

describe('POST /api/agents/chat/:endpoint with ephemeralAgent.web_search', () => {
  it('gives the chat the SearXNG web_search tool: the model sees it, the search runs, the reply cites it', async () => {
    const { network, responseMessage, conversation } = await searchReply(SEARXNG, 'web_search');
    expect(offeredTools(network.providerBodies[0])).toEqual(['web_search']);
    expect(responseMessage).toMatchObject({
      endpoint: 'Test',
      model: 'test-model',
      text: 'Otters are in the news [1].',
    });
    expect(conversation).toMatchObject({ endpoint: 'Test', endpointType: 'custom' });
    const [call] = responseMessage.content as SearchPart[];
    expect(call?.tool_call?.name).toBe('web_search');
    expect(call?.tool_call?.output).toContain('otters: an overview');
    expect(call?.tool_call?.sources?.[0]).toMatchObject({ index: 1, url: 'https://en.example.org/wiki/Topic' });
    // The tool's result went back to the model in the second turn.
    expect(JSON.stringify(network.providerBodies[1])).toContain('otters: an overview');
  });

  it('searches through Serper when there is no SearXNG instance', async () => {
    const { responseMessage } = await searchReply({ ...PRIVATE_HOSTS, SERPER_API_KEY: 'serper-key' }, 'web_search');
    const [call] = responseMessage.content as SearchPart[];
    expect(call?.tool_call?.output).toContain('otters: an overview');
  });

  it('falls back to Tavily when only Tavily is set up', async () => {
    const { network, responseMessage } = await searchReply(
      { ...PRIVATE_HOSTS, TAVILY_API_KEY: 'tvly-key' },
      'tavily_search_results_json',
    );
    expect(offeredTools(network.providerBodies[0])).toEqual(['tavily_search_results_json']);
    const [call] = responseMessage.content as SearchPart[];
    expect(call?.tool_call?.output).toContain('otters: an overview');
  });

  it('adds the search to the MCP servers the chat turned on', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('Both.')], SEARCH_HANDLERS);
    await send(user, '/api/agents/chat/custom', webSearchBody({ web_search: true, mcp: ['local'] }), SEARXNG);
    expect(offeredTools(network.providerBodies[0]).sort()).toEqual(
      ['web_search', ...MOCK_MCP_TOOL_NAMES.map((name) => `${name}_mcp_local`)].sort(),
    );
  });

  it('is refused with 400 when the server has no search tool, before any model is called', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('never')], SEARCH_HANDLERS);
    // A user's own installed key does not count: the switch is the operator's to offer.
    const result = await send(user, '/api/agents/chat/custom', webSearchBody(), PRIVATE_HOSTS);
    expect(result.response.status).toBe(400);
    expect(JSON.parse(result.text)).toMatchObject({ message: 'Web search is not configured on this server' });
    expect(network.providerBodies).toHaveLength(0);
  });

  it('is refused when the config keeps the search tools out (filteredTools)', async () => {
    await useConfig(`${AGENT_CHAT_CONFIG}filteredTools: [web_search, tavily_search_results_json]\n`);
    const user = await createTestUser();
    stubAgentSendNetwork([finalTurn('never')], SEARCH_HANDLERS);
    const result = await send(user, '/api/agents/chat/custom', webSearchBody(), { ...SEARXNG, TAVILY_API_KEY: 'k' });
    expect(result.response.status).toBe(400);
  });

  it('web_search false, or left out, offers no search tool', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('Plain.')], SEARCH_HANDLERS);
    await send(user, '/api/agents/chat/custom', webSearchBody({ web_search: false, mcp: ['local'] }), SEARXNG);
    expect(offeredTools(network.providerBodies[0])).not.toContain('web_search');
  });
});

describe('GET /api/endpoints: agents.webSearch', () => {
  const agentsEntry = async (vars: Record<string, string>) =>
    endpointsConfigSchema.parse(await (await callApp('/api/endpoints', {}, vars)).json()).agents;

  it('says whether a chat may turn on web search', async () => {
    expect((await agentsEntry({}))?.webSearch).toBeUndefined();
    expect((await agentsEntry(SEARXNG))?.webSearch).toBe(true);
    expect((await agentsEntry({ TAVILY_API_KEY: 'k' }))?.webSearch).toBe(true);
    expect((await agentsEntry({ SERPER_API_KEY: 'user_provided' }))?.webSearch).toBeUndefined();
  });
});
