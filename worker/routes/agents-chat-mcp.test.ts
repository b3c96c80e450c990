import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import {
  AGENT_CHAT_CONFIG,
  finalTurn,
  MCP_VARS,
  offeredTools,
  stubAgentSendNetwork,
} from '../test/chat/agent-send-fixtures';
import { sseResponse } from '../test/chat/provider-replies';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { createAgentAs } from '../services/agents/test-helpers';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { createTestUser } from '../test/auth-helpers';
import { MOCK_MCP_TOOL_NAMES } from '../test/mock-tools/mcp-tools';

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const echoCall = () =>
  sseResponse(openAIToolTurn('', [{ id: 'call_echo', name: 'echo_mcp_local', args: '{"text":"hello there"}' }]));

async function mcpAgent() {
  const user = await createTestUser();
  const agent = await createAgentAs(user, {
    name: 'Relay',
    provider: 'Test',
    model: 'test-model',
    tools: ['echo_mcp_local', 'calculator', 'web_search', 'getPets_action_pets.example.com'],
  });
  return { user, agent };
}

const agentBody = (agentId: string) =>
  sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agentId, text: 'Echo it' });

describe('POST /api/agents/chat with an MCP tool', () => {
  it('lists the server through the guarded fetch and calls its tool when TOOLS_PRIVATE_HOSTS names it', async () => {
    const { user, agent } = await mcpAgent();
    const network = stubAgentSendNetwork([echoCall, finalTurn('It said hello there.')]);
    const result = await send(user, '/api/agents/chat', agentBody(agent.id), MCP_VARS);
    const { responseMessage } = finalOf(result);
    expect(responseMessage.content).toEqual([
      {
        type: 'tool_call',
        tool_call: expect.objectContaining({ name: 'echo_mcp_local', output: 'hello there', progress: 1 }),
      },
      expect.objectContaining({ type: 'text', text: 'It said hello there.' }),
    ]);
    // Built-ins this server cannot run and actions (not resolved yet) are left out, not fatal.
    expect(offeredTools(network.providerBodies[0])).toEqual(['echo_mcp_local', 'calculator']);
    const methods = network.mcp.requests.map((request) => request.rpcMethod).filter(Boolean);
    expect(methods).toContain('tools/list');
    expect(methods).toContain('tools/call');
  });

  it('offers no tool of a loopback server that TOOLS_PRIVATE_HOSTS does not name, and still answers', async () => {
    const { user, agent } = await mcpAgent();
    const network = stubAgentSendNetwork([finalTurn('No tools today.')]);
    const result = await send(user, '/api/agents/chat', agentBody(agent.id));
    expect(finalOf(result).responseMessage.text).toBe('No tools today.');
    expect(offeredTools(network.providerBodies[0])).toEqual(['calculator']);
    expect(network.mcp.requests).toHaveLength(0);
  });

  it('answers without the tools of a server that does not start within its initTimeout', async () => {
    await useConfig(AGENT_CHAT_CONFIG.replace('initTimeout: 2000', 'initTimeout: 50'));
    const { user, agent } = await mcpAgent();
    const network = stubAgentSendNetwork([finalTurn('Still here.')]);
    network.mcp.options.initDelayMs = 5_000;
    const started = Date.now();
    const result = await send(user, '/api/agents/chat', agentBody(agent.id), MCP_VARS);
    expect(finalOf(result).responseMessage.text).toBe('Still here.');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(offeredTools(network.providerBodies[0])).toEqual(['calculator']);
  });
});

describe('POST /api/agents/chat/:endpoint (an ephemeral agent)', () => {
  it('offers every tool of the servers turned on, on the endpoint and model of the body', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([echoCall, finalTurn('Done.')]);
    const result = await send(
      user,
      '/api/agents/chat/custom',
      sendBody({ text: 'Echo it', model: 'other-model', ephemeralAgent: { mcp: ['local', 'unknown'] } }),
      MCP_VARS,
    );
    const { responseMessage, conversation } = finalOf(result);
    expect(responseMessage).toMatchObject({ endpoint: 'Test', model: 'other-model', sender: 'Tester', text: 'Done.' });
    expect(conversation).toMatchObject({ endpoint: 'Test', endpointType: 'custom', model: 'other-model' });
    expect(offeredTools(network.providerBodies[0]).sort()).toEqual(
      MOCK_MCP_TOOL_NAMES.map((name) => `${name}_mcp_local`).sort(),
    );
    expect(network.providerBodies[0]).toMatchObject({ model: 'other-model', temperature: 0.5 });
    expect(JSON.stringify(responseMessage.content)).toContain('hello there');
  });

  it('refuses more than 20 servers, and an endpoint that is not offered', async () => {
    const user = await createTestUser();
    stubAgentSendNetwork([finalTurn('never')]);
    const many = Array.from({ length: 21 }, (_, index) => `s${index}`);
    const tooMany = await send(user, '/api/agents/chat/custom', sendBody({ ephemeralAgent: { mcp: many } }));
    expect(tooMany.response.status).toBe(400);
    const unknown = await send(user, '/api/agents/chat/custom', sendBody({ endpoint: 'Nope' }));
    expect(unknown.response.status).toBe(400);
  });
});
