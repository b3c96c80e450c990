import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { AGENT_CHAT_CONFIG, finalTurn, offeredTools, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { sseResponse } from '../test/chat/provider-replies';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { createAgentAs, shareAgent } from '../services/agents/test-helpers';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { createTestUser } from '../test/auth-helpers';
import { SEARCH_PRIVATE_HOSTS, TAVILY_ORIGIN, tavilyHandler } from '../test/mock-tools/search-handlers';
import { callAs, TEST_CREDS } from '../test/two-factor-helpers';
import type { UserRow } from '../db/users';

const TAVILY = 'tavily_search_results_json';
/** The operator sets no Tavily key: only a user's own can make the tool run. */
const VARS = { ...TEST_CREDS, TOOLS_PRIVATE_HOSTS: SEARCH_PRIVATE_HOSTS.join(',') };

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const install = async (user: UserRow, key: string) => {
  const res = await callAs(user, '/api/user/plugins', 'POST', {
    pluginKey: TAVILY,
    action: 'install',
    auth: { TAVILY_API_KEY: key },
    isEntityTool: true,
  });
  expect(res.status).toBe(200);
};

const searchAgent = (author: UserRow) =>
  createAgentAs(author, { name: 'Searcher', provider: 'Test', model: 'test-model', tools: [TAVILY] });

const body = (agentId: string) =>
  sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agentId, text: 'news?' });

const searchCall = () =>
  sseResponse(openAIToolTurn('', [{ id: 'call_search', name: TAVILY, args: '{"query":"otters"}' }]));

describe('POST /api/agents/chat with a user’s own tool key', () => {
  it('runs Tavily with the key the sender installed, the operator having set none', async () => {
    const user = await createTestUser();
    const agent = await searchAgent(user);
    // Without the user's key the tool cannot run: the agent is offered no tools.
    const before = stubAgentSendNetwork([finalTurn('No search.')]);
    await send(user, '/api/agents/chat', body(agent.id), VARS);
    expect(offeredTools(before.providerBodies[0])).toEqual([]);
    vi.restoreAllMocks();

    await install(user, 'tvly-mine');
    const network = stubAgentSendNetwork([searchCall, finalTurn('Otters are in the news.')], {
      [TAVILY_ORIGIN]: tavilyHandler('tvly-mine'),
    });
    const { responseMessage } = finalOf(await send(user, '/api/agents/chat', body(agent.id), VARS));
    expect(offeredTools(network.providerBodies[0])).toEqual([TAVILY]);
    const [call] = responseMessage.content as { tool_call: { name: string; output: string } }[];
    expect(call?.tool_call.name).toBe(TAVILY);
    expect(call?.tool_call.output).toContain('otters: an overview');
    expect(call?.tool_call.output).not.toContain('tvly-mine');
    expect(responseMessage.text).toBe('Otters are in the news.');
  });

  it('a shared agent runs with the sender’s key, never its author’s', async () => {
    const author = await createTestUser();
    const sender = await createTestUser();
    const agent = await searchAgent(author);
    await shareAgent(author, agent.id);
    await install(author, 'tvly-author');

    // The sender has no key of their own: the author's is not lent to them.
    const without = stubAgentSendNetwork([finalTurn('No search.')]);
    await send(sender, '/api/agents/chat', body(agent.id), VARS);
    expect(offeredTools(without.providerBodies[0])).toEqual([]);
    vi.restoreAllMocks();

    await install(sender, 'tvly-sender');
    // The mock accepts only the sender's key: a call with the author's would fail with 401.
    stubAgentSendNetwork([searchCall, finalTurn('Found it.')], { [TAVILY_ORIGIN]: tavilyHandler('tvly-sender') });
    const { responseMessage } = finalOf(await send(sender, '/api/agents/chat', body(agent.id), VARS));
    const [call] = responseMessage.content as { tool_call: { output: string } }[];
    expect(call?.tool_call.output).toContain('otters: an overview');
  });
});
