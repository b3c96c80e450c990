import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { AGENT_CHAT_CONFIG, finalTurn, offeredTools, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { errorOf, finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { createAgentAs, shareAgent, withAgentsPermissions } from '../services/agents/test-helpers';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What LibreChat's client posts to /api/agents/chat for `agentId`. */
function agentBody(agentId: string, overrides: Record<string, unknown> = {}) {
  return sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agentId, ...overrides });
}

const CALCULATOR_AGENT = {
  name: 'Counter',
  provider: 'Test',
  model: 'test-model',
  instructions: 'Count carefully.',
  tools: ['calculator'],
  model_parameters: { temperature: 0.2 },
};

describe('POST /api/agents/chat: a saved agent', () => {
  it('runs the calculator in the loop, then answers; the reply is labelled with the agent and the conversation saved with its id', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, CALCULATOR_AGENT);
    // Avatars are uploaded by their own route; the column is what the send reads.
    await env.DB.prepare('UPDATE agents SET avatar = ?1 WHERE id = ?2')
      .bind(JSON.stringify({ filepath: '/images/counter.png', source: 'local' }), agent.id)
      .run();
    const network = stubAgentSendNetwork([
      () => sseResponseOf(openAIToolTurn('', [{ id: 'call_1', name: 'calculator', args: '{"input":"2+2"}' }])),
      finalTurn('It is 4.'),
    ]);
    const result = await send(user, '/api/agents/chat', agentBody(agent.id, { text: 'What is 2+2?' }));
    expect(result.response.status).toBe(200);
    const { conversation, responseMessage, requestMessage } = finalOf(result);

    expect(responseMessage).toMatchObject({
      model: agent.id,
      sender: 'Counter',
      endpoint: 'agents',
      iconURL: '/images/counter.png',
      finish_reason: 'stop',
    });
    expect(responseMessage.content).toEqual([
      {
        type: 'tool_call',
        tool_call: expect.objectContaining({ id: 'call_1', name: 'calculator', output: '4', progress: 1 }),
      },
      expect.objectContaining({ type: 'text', text: 'It is 4.' }),
    ]);
    expect(conversation).toMatchObject({ endpoint: 'agents', agent_id: agent.id, model: 'test-model' });
    expect(requestMessage).toMatchObject({ endpoint: 'agents' });

    // The provider ran the agent's model, with its instructions, parameters and tool.
    const [first, second] = network.providerBodies;
    expect(first).toMatchObject({ model: 'test-model', temperature: 0.2 });
    expect(first?.messages).toEqual([
      { role: 'system', content: 'Count carefully.' },
      { role: 'user', content: 'What is 2+2?' },
    ]);
    expect(offeredTools(first)).toEqual(['calculator']);
    expect(JSON.stringify(second?.messages)).toContain('"role":"tool"');

    const { results } = await env.DB.prepare(
      'SELECT endpoint, model, sender FROM messages WHERE conversationId = ?1 ORDER BY createdAt',
    )
      .bind(conversation.conversationId)
      .all();
    expect(results).toEqual([
      { endpoint: 'agents', model: null, sender: 'User' },
      { endpoint: 'agents', model: agent.id, sender: 'Counter' },
    ]);
    const row = await env.DB.prepare('SELECT endpoint, agent_id FROM conversations WHERE conversationId = ?1')
      .bind(conversation.conversationId)
      .first();
    expect(row).toEqual({ endpoint: 'agents', agent_id: agent.id });
    // The usage ledger names the model that ran (and is priced by), not the agent.
    const ledger = await env.DB.prepare('SELECT DISTINCT model FROM transactions WHERE conversationId = ?1')
      .bind(conversation.conversationId)
      .all();
    expect(ledger.results).toEqual([{ model: 'test-model' }]);
  });

  it('gives the model the earlier tool call and its output on the next turn', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, CALCULATOR_AGENT);
    stubAgentSendNetwork([
      () =>
        sseResponseOf(openAIToolTurn('Let me see.', [{ id: 'call_1', name: 'calculator', args: '{"input":"6*7"}' }])),
      finalTurn('It is 42.'),
    ]);
    const first = finalOf(await send(user, '/api/agents/chat', agentBody(agent.id, { text: 'What is 6*7?' })));
    vi.restoreAllMocks();
    const network = stubAgentSendNetwork([finalTurn('The calculator said 42.')]);
    const next = await send(
      user,
      '/api/agents/chat',
      agentBody(agent.id, {
        text: 'What did the tool say?',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      }),
    );
    expect(finalOf(next).responseMessage.text).toBe('The calculator said 42.');
    expect(network.providerBodies[0]?.messages).toEqual([
      { role: 'system', content: 'Count carefully.' },
      { role: 'user', content: 'What is 6*7?' },
      {
        role: 'assistant',
        content:
          'Let me see.\n\n[Tool call: calculator with arguments {"input":"6*7"}]\n[Tool output: 42]\n\nIt is 42.',
      },
      { role: 'user', content: 'What did the tool say?' },
    ]);
  });

  it('refuses without AGENTS USE (403), and when the interface turns agents off', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, CALCULATOR_AGENT);
    const network = stubAgentSendNetwork([finalTurn('never')]);
    await withAgentsPermissions('USER', { USE: false }, async () => {
      const result = await send(user, '/api/agents/chat', agentBody(agent.id));
      expect(result.response.status).toBe(403);
      expect((await send(user, '/api/agents/chat/custom', sendBody())).response.status).toBe(403);
    });
    await useConfig(`${AGENT_CHAT_CONFIG}interface:\n  agents: false\n`);
    expect((await send(user, '/api/agents/chat', agentBody(agent.id))).response.status).toBe(403);
    expect(network.providerBodies).toHaveLength(0);
  });

  it("answers 404 for another user's private agent, an unknown agent and a malformed id; 400 without one", async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const agent = await createAgentAs(author, CALCULATOR_AGENT);
    const network = stubAgentSendNetwork([finalTurn('never')]);
    for (const id of [agent.id, 'agent_missing', 'nope']) {
      const result = await send(other, '/api/agents/chat', agentBody(id));
      expect(result.response.status).toBe(404);
      expect(JSON.parse(result.text)).toMatchObject({ message: 'Agent not found' });
    }
    const noId = await send(author, '/api/agents/chat', sendBody({ endpoint: 'agents' }));
    expect(noId.response.status).toBe(400);
    expect(network.providerBodies).toHaveLength(0);

    // Once shared with the instance, the other user may chat with it.
    await shareAgent(author, agent.id);
    const shared = await send(other, '/api/agents/chat', agentBody(agent.id));
    expect(finalOf(shared).responseMessage).toMatchObject({ model: agent.id, text: 'never' });
  });

  it('refuses an agent whose provider this server does not offer, or that allowedProviders leaves out', async () => {
    const user = await createTestUser();
    const elsewhere = await createAgentAs(user, { ...CALCULATOR_AGENT, provider: 'anthropic', model: 'claude-x' });
    const network = stubAgentSendNetwork([finalTurn('never')]);
    const refused = await send(user, '/api/agents/chat', agentBody(elsewhere.id));
    expect(refused.response.status).toBe(200);
    expect(errorOf(refused)).toEqual({ type: 'invalid_agent_provider', info: 'anthropic' });

    await useConfig(
      AGENT_CHAT_CONFIG.replace('endpoints:\n', 'endpoints:\n  agents:\n    allowedProviders: [openAI]\n'),
    );
    const agent = await createAgentAs(user, CALCULATOR_AGENT);
    expect(errorOf(await send(user, '/api/agents/chat', agentBody(agent.id)))).toEqual({
      type: 'invalid_agent_provider',
      info: 'Test',
    });
    expect(network.providerBodies).toHaveLength(0);
  });
});

function sseResponseOf(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}
