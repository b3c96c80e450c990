import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CHAT_CONFIG, finalTurn, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { CHAINED_AGENT_GONE } from '../services/agents/chain-send';
import { createAgentAs, shareAgent } from '../services/agents/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { sseResponse } from '../test/chat/provider-replies';

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const agentBody = (agentId: string) =>
  sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agentId, text: 'Write a haiku' });
const TEST_AGENT = { provider: 'Test', model: 'test-model' };

type Content = { type: string; agent_update?: { agentId: string }; error?: string }[];

describe('POST /api/agents/chat: a saved agent with a chain', () => {
  it('runs each chained agent the sender can use on its own model and instructions, one reply for all', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const shared = await createAgentAs(other, { ...TEST_AGENT, name: 'Shared', instructions: 'Shared rules.' });
    await shareAgent(other, shared.id);
    const editor = await createAgentAs(author, {
      ...TEST_AGENT,
      name: 'Editor',
      model: 'other-model',
      instructions: 'Polish it.',
      model_parameters: { temperature: 0.1 },
    });
    const first = await createAgentAs(author, {
      ...TEST_AGENT,
      name: 'Poet',
      instructions: 'Write.',
      agent_ids: [editor.id, shared.id],
    });
    const network = stubAgentSendNetwork([finalTurn('Draft.'), finalTurn('Polished.'), finalTurn('Checked.')]);
    const { responseMessage } = finalOf(await send(author, '/api/agents/chat', agentBody(first.id)));
    const content = responseMessage.content as Content;
    expect(content.map((part) => part.type)).toEqual(['text', 'agent_update', 'text', 'agent_update', 'text']);
    expect(content.flatMap((part) => part.agent_update?.agentId ?? [])).toEqual([editor.id, shared.id]);
    expect(responseMessage).toMatchObject({ model: first.id, sender: 'Poet', text: 'Draft.Polished.Checked.' });
    const bodies = network.providerBodies as {
      model: string;
      temperature?: number;
      messages: { content: unknown }[];
    }[];
    expect(bodies.map((body) => [body.model, body.messages[0]?.content])).toEqual([
      ['test-model', 'Write.'],
      ['other-model', 'Polish it.'],
      ['test-model', 'Shared rules.'],
    ]);
    expect(bodies[1]?.temperature).toBe(0.1);
  });

  it('ends the chain with an error part at an agent no longer shared or on a provider not offered', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const shared = await createAgentAs(other, TEST_AGENT);
    await shareAgent(other, shared.id);
    const elsewhere = await createAgentAs(author, TEST_AGENT);
    const first = await createAgentAs(author, { ...TEST_AGENT, agent_ids: [shared.id] });
    const second = await createAgentAs(author, { ...TEST_AGENT, agent_ids: [elsewhere.id] });
    // Saved while usable; since then one was unshared and the other moved to a provider not offered.
    await env.DB.prepare(`UPDATE agents SET isShared = 0, projectIds = '[]' WHERE id = ?1`).bind(shared.id).run();
    await env.DB.prepare(`UPDATE agents SET provider = 'Nowhere' WHERE id = ?1`).bind(elsewhere.id).run();
    const network = stubAgentSendNetwork([finalTurn('Only me.')]);

    const gone = finalOf(await send(author, '/api/agents/chat', agentBody(first.id))).responseMessage;
    expect(gone.content).toEqual([
      { type: 'text', text: 'Only me.' },
      { type: 'error', error: CHAINED_AGENT_GONE },
    ]);
    expect(JSON.stringify(gone)).not.toContain(shared.id);
    const refused = finalOf(await send(author, '/api/agents/chat', agentBody(second.id))).responseMessage;
    expect((refused.content as Content)[1]).toEqual({
      type: 'error',
      error: JSON.stringify({ type: 'invalid_agent_provider', info: 'Nowhere' }),
    });
    expect(network.providerBodies).toHaveLength(2);
  });

  it('runs the first agent alone when the server leaves chain out of the agents’ capabilities', async () => {
    await useConfig(AGENT_CHAT_CONFIG.replace('endpoints:\n', 'endpoints:\n  agents:\n    capabilities: [tools]\n'));
    const author = await createTestUser();
    const next = await createAgentAs(author, TEST_AGENT);
    const first = await createAgentAs(author, { ...TEST_AGENT, agent_ids: [next.id] });
    const network = stubAgentSendNetwork([finalTurn('Alone.')]);
    const { responseMessage } = finalOf(await send(author, '/api/agents/chat', agentBody(first.id)));
    expect(responseMessage.content).toEqual([{ type: 'text', text: 'Alone.' }]);
    expect(network.providerBodies).toHaveLength(1);
  });
});

describe('POST /api/agents/chat: an agent that ends after its tools', () => {
  const calculatorTurn = () =>
    sseResponse(openAIToolTurn('', [{ id: 'call_a', name: 'calculator', args: '{"input":"6*7"}' }]));

  async function runEndAfterTools(capabilities: string) {
    await useConfig(
      AGENT_CHAT_CONFIG.replace('endpoints:\n', `endpoints:\n  agents:\n    capabilities: ${capabilities}\n`),
    );
    const author = await createTestUser();
    const agent = await createAgentAs(author, { ...TEST_AGENT, tools: ['calculator'], end_after_tools: true });
    const network = stubAgentSendNetwork([calculatorTurn, finalTurn('The answer is 42.')]);
    const { responseMessage } = finalOf(await send(author, '/api/agents/chat', agentBody(agent.id)));
    return { content: responseMessage.content as Content, calls: network.providerBodies.length };
  }

  it('answers with the tool results, without another model turn, when the server offers end_after_tools', async () => {
    const { content, calls } = await runEndAfterTools('[tools, end_after_tools]');
    expect(calls).toBe(1);
    expect(content.map((part) => part.type)).toEqual(['tool_call']);
  });

  it('asks the model again when the server leaves end_after_tools out of the capabilities', async () => {
    const { content, calls } = await runEndAfterTools('[tools]');
    expect(calls).toBe(2);
    expect(content.map((part) => part.type)).toEqual(['tool_call', 'text']);
  });
});
