import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { AGENT_CHAT_CONFIG } from '../test/chat/agent-send-fixtures';
import { openAIStream, sseResponse, stubProvider, type RecordedProviderCall } from '../test/chat/provider-replies';
import { eventually, savedMessages } from '../test/chat/run-fixtures';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { createAgentAs } from '../services/agents/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import type { UserRow } from '../db/users';

/*
 * The `+` command's second reply chosen as a preset or as an agent: the added send carries the
 * preset's settings, or names the agent on the agents route. Either way the reply is a sibling
 * of the first under the one user message, and the conversation keeps the first reply's setup.
 */

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const bodyOf = (call: RecordedProviderCall) => call.body as Record<string, unknown> & { messages?: unknown[] };

/** Every provider call answers by the model it names; the calls are kept. */
function stubByModel(): RecordedProviderCall[] {
  return stubProvider((call) => sseResponse(openAIStream([`Reply of ${String(bodyOf(call).model)}`])));
}

/** The turn's first reply, on the chat's own model, run to its end. */
async function firstTurn(owner: UserRow) {
  const result = await send(owner, '/api/ask/custom', sendBody({ text: 'Plan a trip', temperature: 0.5 }));
  expect(result.response.status).toBe(200);
  const { conversation, requestMessage } = finalOf(result);
  return { conversationId: conversation.conversationId, userMessageId: requestMessage.messageId };
}

function addedFields(turn: { conversationId: string; userMessageId: string }) {
  return {
    text: 'Plan a trip',
    conversationId: turn.conversationId,
    overrideConvoId: turn.conversationId,
    overrideUserMessageId: turn.userMessageId,
    parentMessageId: NO_PARENT,
  };
}

async function siblingsOf(conversationId: string, userMessageId: string) {
  const rows = await eventually(async () => {
    const saved = await savedMessages(conversationId);
    if (saved.length < 3) throw new Error('not saved yet');
    return saved;
  });
  expect(rows.filter((row) => row.isCreatedByUser === 1).map((row) => row.messageId)).toEqual([userMessageId]);
  return rows.filter((row) => row.isCreatedByUser === 0 && row.parentMessageId === userMessageId);
}

async function conversationRow(conversationId: string) {
  return env.DB.prepare(
    'SELECT endpoint, model, agent_id, temperature, promptPrefix FROM conversations WHERE conversationId = ?1',
  )
    .bind(conversationId)
    .first<Record<string, unknown>>();
}

describe('a second reply chosen with + as a preset or an agent', () => {
  it("a preset: the added run uses the preset's model, parameters and instructions", async () => {
    const owner = await createTestUser();
    const calls = stubByModel();
    const turn = await firstTurn(owner);
    // What the client posts for a preset: its option fields as the added setup.
    const preset = { model: 'other-model', temperature: 0.1, top_p: 0.7, promptPrefix: 'Answer as a travel agent.' };
    const added = await send(owner, '/api/ask/custom', sendBody({ ...addedFields(turn), ...preset }));
    expect(added.response.status).toBe(200);
    expect(finalOf(added).responseMessage).toMatchObject({
      text: 'Reply of other-model',
      model: 'other-model',
      parentMessageId: turn.userMessageId,
    });

    const providerCall = calls.map(bodyOf).find((body) => body.model === 'other-model');
    expect(providerCall).toMatchObject({ model: 'other-model', temperature: 0.1, top_p: 0.7 });
    expect(providerCall?.messages?.[0]).toEqual({ role: 'system', content: 'Answer as a travel agent.' });
    // The first run had neither.
    const firstCall = calls.map(bodyOf).find((body) => body.model === 'test-model');
    expect(firstCall).toMatchObject({ temperature: 0.5 });
    expect(JSON.stringify(firstCall?.messages)).not.toContain('travel agent');

    const replies = await siblingsOf(turn.conversationId, turn.userMessageId);
    expect(replies.map((row) => row.text).sort()).toEqual(['Reply of other-model', 'Reply of test-model']);
    expect(await conversationRow(turn.conversationId)).toMatchObject({
      model: 'test-model',
      temperature: 0.5,
      promptPrefix: null,
    });
  });

  it('an agent: the added run is the agent, with its model, instructions and name', async () => {
    const owner = await createTestUser();
    const agent = await createAgentAs(owner, {
      name: 'Guide',
      provider: 'Test',
      model: 'other-model',
      instructions: 'You are a tour guide.',
      model_parameters: { temperature: 0.3 },
    });
    const calls = stubByModel();
    const turn = await firstTurn(owner);
    // What the client posts for an agent: the agents route, the agent's id, no model of its own.
    const added = await send(
      owner,
      '/api/agents/chat',
      sendBody({
        ...addedFields(turn),
        endpoint: 'agents',
        endpointType: undefined,
        model: undefined,
        agent_id: agent.id,
      }),
    );
    expect(added.response.status).toBe(200);
    expect(finalOf(added).responseMessage).toMatchObject({
      model: agent.id,
      sender: 'Guide',
      endpoint: 'agents',
      parentMessageId: turn.userMessageId,
    });

    const agentCall = calls.map(bodyOf).find((body) => body.model === 'other-model');
    expect(agentCall).toMatchObject({ temperature: 0.3 });
    expect(agentCall?.messages?.[0]).toEqual({ role: 'system', content: 'You are a tour guide.' });

    const replies = await siblingsOf(turn.conversationId, turn.userMessageId);
    expect(replies.map((row) => row.sender).sort()).toEqual(['Guide', 'Tester']);
    // The chat stays on its own endpoint and model: the agent answered this turn only.
    expect(await conversationRow(turn.conversationId)).toMatchObject({
      endpoint: 'Test',
      model: 'test-model',
      agent_id: null,
    });
  });

  it('refuses an agent the user cannot see, and runs nothing', async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const hidden = await createAgentAs(stranger, { name: 'Private', provider: 'Test', model: 'other-model' });
    const calls = stubByModel();
    const turn = await firstTurn(owner);
    const before = calls.length;
    const added = await send(
      owner,
      '/api/agents/chat',
      sendBody({
        ...addedFields(turn),
        endpoint: 'agents',
        endpointType: undefined,
        model: undefined,
        agent_id: hidden.id,
      }),
    );
    expect(added.response.status).toBe(404);
    expect(JSON.parse(added.text)).toMatchObject({ message: 'Agent not found' });
    expect(calls.slice(before).some((call) => bodyOf(call).model === 'other-model')).toBe(false);
    expect((await savedMessages(turn.conversationId)).filter((row) => row.isCreatedByUser === 0)).toHaveLength(1);
  });
});
