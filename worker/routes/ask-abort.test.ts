import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { conversationResponseSchema } from '../contract/messages';
import { gatedReply, openAITextChunk, stubProvider } from '../test/chat/provider-replies';
import { savedMessages } from '../test/chat/run-fixtures';
import { CUSTOM_ENDPOINT_CONFIG, get, post, sendBody, useConfig } from '../services/chat/testing/routes';
import { finalFrame, parseSse, readRest, readUntil } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function startHeldRun() {
  const owner = await createTestUser();
  const reply = gatedReply();
  stubProvider(() => reply.answer());
  const response = await post(owner, '/api/ask/custom', sendBody({ text: 'Write a long essay' }));
  reply.push(openAITextChunk('The first paragraph'));
  if (!response.body) throw new Error('no body');
  const started = await readUntil(response.body, (text) => text.includes('The first paragraph'));
  const created = parseSse(started.text)[0]?.data;
  const message: Record<string, unknown> =
    typeof created?.message === 'object' && created.message !== null ? { ...created.message } : {};
  return {
    owner,
    reply,
    started,
    conversationId: String(message.conversationId),
    userMessageId: String(message.messageId),
  };
}

describe('GET /api/ask/stream/:conversationId (resume)', () => {
  it('replays the live run from the start to its owner, then streams it to the end', async () => {
    const { owner, reply, started, conversationId } = await startHeldRun();
    const resumed = await get(owner, `/api/ask/stream/${conversationId}`);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toBe('text/event-stream');
    reply.push(openAITextChunk(', and the second.'));
    reply.push(
      'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"test-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    );
    reply.end();
    const [original, replayed] = await Promise.all([readRest(started.reader, started.text), resumed.text()]);
    expect(replayed).toBe(original);
    expect(finalFrame(parseSse(replayed))).toMatchObject({
      responseMessage: { text: 'The first paragraph, and the second.' },
    });
    // Nothing live any more.
    expect((await get(owner, `/api/ask/stream/${conversationId}`)).status).toBe(204);
  });

  it('answers 404 to another user and for an unknown conversation', async () => {
    const { owner, started, conversationId, userMessageId } = await startHeldRun();
    const intruder = await createTestUser();
    expect((await get(intruder, `/api/ask/stream/${conversationId}`)).status).toBe(404);
    expect((await get(owner, `/api/ask/stream/${crypto.randomUUID()}`)).status).toBe(404);
    expect(
      (
        await post(intruder, '/api/ask/custom/abort', {
          abortKey: `${conversationId}:${userMessageId}`,
          endpoint: 'Test',
        })
      ).status,
    ).toBe(404);
    // The owner's run was not disturbed by any of it.
    const aborted = await post(owner, '/api/ask/custom/abort', {
      abortKey: `${conversationId}:${userMessageId}`,
      endpoint: 'Test',
    });
    expect(aborted.status).toBe(200);
    await started.reader.cancel();
  });
});

describe('a new conversation whose row is not in D1 yet', () => {
  // Its run writes the row with its first event or after RECORD_WITHOUT_EVENT_MS (Run.record);
  // a stop pressed or a page reloaded before that must still reach the run. Deleting the row
  // under a live run puts the conversation in that state for as long as the test needs.
  it('shows its owner the conversation, lets them resume and stop the run, answers a second send 409 and anyone else 404', async () => {
    const { owner, started, conversationId, userMessageId } = await startHeldRun();
    await vi.waitFor(async () => expect(await savedMessages(conversationId)).toHaveLength(1));
    await env.DB.prepare('DELETE FROM conversations WHERE conversationId = ?1').bind(conversationId).run();
    const intruder = await createTestUser();

    expect((await get(intruder, `/api/ask/stream/${conversationId}`)).status).toBe(404);
    expect(
      (
        await post(intruder, '/api/ask/custom/abort', {
          abortKey: `${conversationId}:${userMessageId}`,
          endpoint: 'Test',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          intruder,
          '/api/ask/custom',
          sendBody({ text: 'Mine?', conversationId, parentMessageId: userMessageId }),
        )
      ).status,
    ).toBe(404);
    expect((await get(intruder, `/api/convos/${conversationId}`)).status).toBe(404);
    const shown = await get(owner, `/api/convos/${conversationId}`);
    expect(shown.status).toBe(200);
    const body = await shown.json();
    expect(body).toMatchObject({
      conversationId,
      title: 'New Chat',
      endpoint: 'Test',
      model: 'test-model',
      isArchived: false,
      tags: [],
    });
    // The same contract as a stored conversation's answer.
    expect(conversationResponseSchema.safeParse(body).success).toBe(true);
    const resumed = await get(owner, `/api/ask/stream/${conversationId}`);
    expect(resumed.status).toBe(200);
    await resumed.body?.cancel();
    const second = await post(
      owner,
      '/api/ask/custom',
      sendBody({ text: 'Me too', conversationId, parentMessageId: userMessageId }),
    );
    expect(second.status).toBe(409);

    const aborted = await post(owner, '/api/ask/custom/abort', {
      abortKey: `${conversationId}:${userMessageId}`,
      endpoint: 'Test',
    });
    expect(aborted.status).toBe(200);
    // The final batch writes the conversation and both messages.
    expect((await savedMessages(conversationId)).map((message) => message.text)).toEqual([
      'Write a long essay',
      'The first paragraph',
    ]);
    await started.reader.cancel();
  });
});

describe('POST /api/ask/{endpoint}/abort', () => {
  it('stops the run, saves the partial reply as stopped (not unfinished) and answers the final JSON; then 204', async () => {
    const { owner, reply, started, conversationId, userMessageId } = await startHeldRun();
    const aborted = await post(owner, '/api/ask/custom/abort', {
      abortKey: `${conversationId}:${userMessageId}`,
      endpoint: 'Test',
    });
    expect(aborted.status).toBe(200);
    const payload = await aborted.json();
    expect(payload).toMatchObject({
      final: true,
      conversation: { conversationId },
      requestMessage: { messageId: userMessageId, parentMessageId: NO_PARENT },
      responseMessage: { text: 'The first paragraph', unfinished: false, finish_reason: 'incomplete' },
    });
    await vi.waitFor(() => expect(reply.cancelled()).toBe(true));
    expect(finalFrame(parseSse(await readRest(started.reader, started.text)))).toMatchObject({
      responseMessage: { unfinished: false },
    });
    expect((await savedMessages(conversationId))[1]).toMatchObject({
      text: 'The first paragraph',
      unfinished: 0,
      finish_reason: 'incomplete',
    });
    // The edit path and a second abort: nothing is running any more.
    expect(
      (
        await post(owner, '/api/edit/custom/abort', {
          abortKey: `${conversationId}:${userMessageId}`,
          endpoint: 'Test',
        })
      ).status,
    ).toBe(204);
  });

  it('answers 404 for an unknown conversation and 400 without an abortKey', async () => {
    const user = await createTestUser();
    expect((await post(user, '/api/ask/custom/abort', { abortKey: `${crypto.randomUUID()}:x` })).status).toBe(404);
    expect((await post(user, '/api/bedrock/chat/abort', { abortKey: 'new:x' })).status).toBe(404);
    expect((await post(user, '/api/ask/custom/abort', {})).status).toBe(400);
  });

  it('answers 409 to a second send in a conversation whose reply is still running, freeing its slot', async () => {
    const { owner, started, conversationId, userMessageId } = await startHeldRun();
    const second = await post(
      owner,
      '/api/ask/custom',
      sendBody({ text: 'Me too', conversationId, parentMessageId: userMessageId }),
    );
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: expect.stringContaining('already'), code: 'conflict' });
    const leases = await env.DB.prepare(
      "SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'concurrent:' || ?1 || ':%'",
    )
      .bind(owner.id)
      .first<{ n: number }>();
    expect(leases?.n).toBe(1);
    await post(owner, '/api/ask/custom/abort', { abortKey: `${conversationId}:${userMessageId}` });
    await started.reader.cancel();
  });
});
