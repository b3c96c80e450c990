import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { listConversations } from '../db/conversations';
import { isTitleCall, sentMessages, stubOpenAIReplies } from '../test/chat/provider-replies';
import { eventually, savedMessages } from '../test/chat/run-fixtures';
import {
  CUSTOM_ENDPOINT_CONFIG,
  errorOf,
  finalOf,
  get,
  send,
  sendBody,
  useConfig,
} from '../services/chat/testing/routes';
import { deltaText } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A new conversation with one exchange. */
async function startConversation(user: Awaited<ReturnType<typeof createTestUser>>, question = 'What is 2+2?') {
  const result = await send(user, '/api/ask/custom', sendBody({ text: question }));
  return { result, final: finalOf(result) };
}

describe('POST /api/ask/custom: a new conversation', () => {
  it('streams created, deltas and final with server ids, saves both messages, then titles it', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['The answer is 4.']);
    const clientMessageId = crypto.randomUUID();
    const result = await send(user, '/api/ask/custom', sendBody({ text: 'What is 2+2?', messageId: clientMessageId }));
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('content-type')).toBe('text/event-stream');
    expect(result.response.headers.get('cache-control')).toBe('no-cache, no-transform');

    const created = result.frames[0]?.data;
    expect(created).toMatchObject({
      created: true,
      message: { text: 'What is 2+2?', sender: 'User', isCreatedByUser: true, parentMessageId: NO_PARENT },
    });
    const { conversation, requestMessage, responseMessage, title } = finalOf(result);
    expect(requestMessage.messageId).not.toBe(clientMessageId);
    expect(conversation.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({
      message: { messageId: requestMessage.messageId, conversationId: conversation.conversationId },
    });
    expect(deltaText(result.frames)).toBe('The answer is 4.');
    expect(title).toBeNull();
    expect(conversation).toMatchObject({
      title: 'New Chat',
      endpoint: 'Test',
      endpointType: 'custom',
      model: 'test-model',
      temperature: 0.5,
    });
    expect(responseMessage).toMatchObject({
      text: 'The answer is 4.',
      sender: 'Tester',
      endpoint: 'Test',
      model: 'test-model',
      parentMessageId: requestMessage.messageId,
      unfinished: false,
      error: false,
      finish_reason: 'stop',
    });

    const saved = await savedMessages(conversation.conversationId);
    expect(saved.map((m) => [m.messageId, m.parentMessageId])).toEqual([
      [requestMessage.messageId, NO_PARENT],
      [responseMessage.messageId, requestMessage.messageId],
    ]);
    expect(sentMessages(calls[0])).toEqual([{ role: 'user', content: 'What is 2+2?' }]);
    expect(calls[0]?.body).toMatchObject({ model: 'test-model', temperature: 0.5 });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-operator');

    await eventually(async () => {
      const row = await env.DB.prepare('SELECT title FROM conversations WHERE conversationId = ?1')
        .bind(conversation.conversationId)
        .first();
      expect(row).toEqual({ title: 'Generated Title' });
    });
    expect(calls.filter(isTitleCall)).toHaveLength(1);
    const list = await listConversations(env.DB, user.id, { limit: 25 });
    expect(list.conversations.map((c) => c.conversationId)).toEqual([conversation.conversationId]);
  });

  it('keeps a temporary chat out of the list and sets it to expire in 30 days', async () => {
    const user = await createTestUser();
    stubOpenAIReplies(['Temporary reply.']);
    const result = await send(user, '/api/ask/custom', sendBody({ isTemporary: true }));
    const { conversation } = finalOf(result);
    const row = await env.DB.prepare('SELECT isTemporary, expiredAt FROM conversations WHERE conversationId = ?1')
      .bind(conversation.conversationId)
      .first<{ isTemporary: number; expiredAt: number }>();
    expect(row?.isTemporary).toBe(1);
    expect(row?.expiredAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(row?.expiredAt).toBeLessThan(Date.now() + 31 * 24 * 3600_000);
    const messages = await env.DB.prepare('SELECT expiredAt FROM messages WHERE conversationId = ?1')
      .bind(conversation.conversationId)
      .all<{ expiredAt: number }>();
    expect(messages.results.every((m) => m.expiredAt === row?.expiredAt)).toBe(true);
    expect((await listConversations(env.DB, user.id, { limit: 25 })).conversations).toEqual([]);
  });
});

describe('POST /api/ask/custom: refused requests', () => {
  it('answers 400 for an invalid body, naming the field', async () => {
    const user = await createTestUser();
    const missing = await send(user, '/api/ask/custom', sendBody({ text: undefined }));
    expect(missing.response.status).toBe(400);
    expect(JSON.parse(missing.text)).toMatchObject({
      message: expect.stringContaining('text'),
      code: 'validation_error',
    });
    const tooLong = await send(user, '/api/ask/custom', sendBody({ text: 'x'.repeat(400_001) }));
    expect(tooLong.response.status).toBe(400);
    const continueWithoutReply = await send(
      user,
      '/api/ask/custom',
      sendBody({ isContinued: true, conversationId: null }),
    );
    expect(continueWithoutReply.response.status).toBe(400);
  });

  it('answers 400 for an unknown endpoint', async () => {
    const user = await createTestUser();
    const custom = await send(user, '/api/ask/custom', sendBody({ endpoint: 'Nope' }));
    expect(custom.response.status).toBe(400);
    expect(JSON.parse(custom.text)).toMatchObject({ code: 'unknown_endpoint' });
    // openAI is not configured (no OPENAI_API_KEY): not offered, so unknown too.
    expect(
      (await send(user, '/api/ask/openAI', sendBody({ endpoint: 'openAI', model: 'gpt-4o-mini' }))).response.status,
    ).toBe(400);
    expect((await send(user, '/api/ask/agents', sendBody({ endpoint: 'agents' }))).response.status).toBe(400);
  });

  it("answers 404 for someone else's conversation and for one that does not exist, and saves nothing", async () => {
    const owner = await createTestUser();
    stubOpenAIReplies(['Private.']);
    const { final } = await startConversation(owner);
    const intruder = await createTestUser();
    const stolen = await send(
      intruder,
      '/api/ask/custom',
      sendBody({ conversationId: final.conversation.conversationId, parentMessageId: final.responseMessage.messageId }),
    );
    expect(stolen.response.status).toBe(404);
    expect(
      (await send(intruder, '/api/ask/custom', sendBody({ conversationId: crypto.randomUUID() }))).response.status,
    ).toBe(404);
    expect(await savedMessages(final.conversation.conversationId)).toHaveLength(2);
  });

  it('refuses a reply to, or a regeneration from, a message not in the conversation: nothing saved, nobody called, the slot freed', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['Four.', 'Still here.']);
    const { final } = await startConversation(user);
    const { conversationId } = final.conversation;
    const strayParent = await send(
      user,
      '/api/ask/custom',
      sendBody({ conversationId, parentMessageId: crypto.randomUUID() }),
    );
    expect(strayParent.frames.map((frame) => frame.event)).toEqual(['error']);
    expect(strayParent.frames[0]?.data).toMatchObject({ error: true, final: true, conversationId });
    expect(errorOf(strayParent)).toBe('The message to reply to was not found in this conversation.');
    // The reply is not a user message: nothing to regenerate from.
    const regenerateFromReply = await send(
      user,
      '/api/ask/custom',
      sendBody({
        conversationId,
        parentMessageId: NO_PARENT,
        overrideParentMessageId: final.responseMessage.messageId,
        isRegenerate: true,
      }),
    );
    expect(errorOf(regenerateFromReply)).toBe(
      'The message to regenerate from was not found in this conversation, or is not a user message.',
    );
    expect(await savedMessages(conversationId)).toHaveLength(2);
    expect(calls.filter((call) => !isTitleCall(call))).toHaveLength(1);
    // Neither refusal kept a concurrency slot (the default allows 2 at once): a third send runs.
    const next = finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({ conversationId, parentMessageId: final.responseMessage.messageId }),
      ),
    );
    expect(next.responseMessage.text).toBe('Still here.');
  });

  it('refuses a model the endpoint does not offer with illegal_model_request', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['never']);
    const result = await send(user, '/api/ask/custom', sendBody({ model: 'gpt-4-32k-expensive' }));
    expect(result.response.status).toBe(200);
    expect(result.frames.map((frame) => frame.event)).toEqual(['error']);
    expect(result.frames[0]?.data).toMatchObject({
      error: true,
      final: true,
      conversationId: 'new',
      isCreatedByUser: false,
    });
    expect(JSON.parse(String(result.frames[0]?.data.text))).toEqual({ type: 'illegal_model_request' });
    expect(calls).toHaveLength(0);
  });
});
