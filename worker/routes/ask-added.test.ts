import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import {
  gatedReply,
  isTitleCall,
  openAIEnd,
  openAIStream,
  openAITextChunk,
  sseResponse,
  stubProvider,
  type GatedReply,
} from '../test/chat/provider-replies';
import { eventually, savedMessages } from '../test/chat/run-fixtures';
import { CUSTOM_ENDPOINT_CONFIG, get, post, sendBody, useConfig } from '../services/chat/testing/routes';
import { finalFrame, parseSse, readRest, readUntil } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';
import type { UserRow } from '../db/users';

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The provider: `test-model` answers from `first`, `other-model` from `second`, titles at once. */
function stubTwoModels(): { first: GatedReply; second: GatedReply } {
  const first = gatedReply();
  const second = gatedReply();
  stubProvider((call) => {
    if (isTitleCall(call)) return sseResponse(openAIStream(['Two replies']));
    const body = call.body as { model?: string };
    return body.model === 'other-model' ? second.answer() : first.answer();
  });
  return { first, second };
}

function streamOf(response: Response): ReadableStream<Uint8Array> {
  if (!response.body) throw new Error('no body');
  return response.body;
}

/** Starts the turn's first reply and reads up to its `created` frame (and `firstText`, if given). */
async function startFirst(owner: UserRow, first: GatedReply, firstText?: string) {
  const response = await post(owner, '/api/ask/custom', sendBody({ text: 'Compare yourselves' }));
  if (firstText) first.push(openAITextChunk(firstText));
  const started = await readUntil(streamOf(response), (text) =>
    firstText ? text.includes(firstText) : text.includes('"created":true'),
  );
  const created = parseSse(started.text)[0]?.data as { message: { conversationId: string; messageId: string } };
  return { started, conversationId: created.message.conversationId, userMessageId: created.message.messageId };
}

function addedBody(conversationId: string, userMessageId: string, overrides: Record<string, unknown> = {}) {
  return sendBody({
    text: 'Compare yourselves',
    conversationId,
    overrideConvoId: conversationId,
    overrideUserMessageId: userMessageId,
    parentMessageId: NO_PARENT,
    model: 'other-model',
    ...overrides,
  });
}

function finish(reply: GatedReply, text: string): void {
  reply.push(openAITextChunk(text));
  reply.push(openAIEnd({ prompt: 5, completion: 2 }));
  reply.end();
}

async function setMultiConvo(use: boolean): Promise<void> {
  await env.DB.prepare(
    `UPDATE roles SET permissions = json_set(permissions, '$.MULTI_CONVO.USE', json(?1)) WHERE name = 'USER'`,
  )
    .bind(String(use))
    .run();
}

describe('POST /api/ask/{endpoint} with overrideUserMessageId (a second reply in the same turn)', () => {
  it('streams both replies at once and saves them as siblings under one user message', async () => {
    const owner = await createTestUser();
    const { first, second } = stubTwoModels();
    const one = await startFirst(owner, first, 'First says');
    const added = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    expect(added.status).toBe(200);
    second.push(openAITextChunk('Second says'));
    const other = await readUntil(streamOf(added), (text) => text.includes('Second says'));
    // Its `created` names the same user message: the client shows the two replies under it.
    expect(parseSse(other.text)[0]?.data).toMatchObject({
      created: true,
      message: { messageId: one.userMessageId, conversationId: one.conversationId },
    });
    // The first reply ends first: the second's end must not then rewrite the conversation's row.
    finish(first, ' hello.');
    const firstFinal = finalFrame(parseSse(await readRest(one.started.reader, one.started.text)));
    finish(second, ' hi.');
    const secondFinal = finalFrame(parseSse(await readRest(other.reader, other.text)));
    expect(secondFinal).toMatchObject({
      requestMessage: { messageId: one.userMessageId },
      responseMessage: { text: 'Second says hi.', parentMessageId: one.userMessageId, model: 'other-model' },
    });
    expect(firstFinal).toMatchObject({ responseMessage: { text: 'First says hello.' } });

    const saved = await eventually(async () => {
      const rows = await savedMessages(one.conversationId);
      if (rows.length < 3) throw new Error('not saved yet');
      return rows;
    });
    expect(saved.filter((row) => row.isCreatedByUser === 1).map((row) => row.messageId)).toEqual([one.userMessageId]);
    expect(
      saved
        .filter((row) => row.isCreatedByUser === 0)
        .map((row) => [row.parentMessageId, row.text])
        .sort(),
    ).toEqual([
      [one.userMessageId, 'First says hello.'],
      [one.userMessageId, 'Second says hi.'],
    ]);
    // Both replies are billed, each at its own model.
    const billed = await env.DB.prepare(
      "SELECT DISTINCT model FROM transactions WHERE conversationId = ?1 AND tokenType = 'completion'",
    )
      .bind(one.conversationId)
      .all<{ model: string }>();
    expect(billed.results.map((row) => row.model).sort()).toEqual(['other-model', 'test-model']);
    // The conversation keeps the first reply's model: the added one never writes its row.
    const conversation = await env.DB.prepare('SELECT model FROM conversations WHERE conversationId = ?1')
      .bind(one.conversationId)
      .first<{ model: string }>();
    expect(conversation?.model).toBe('test-model');
  });

  it("is accepted before a new conversation's row is written (the first reply's run is live)", async () => {
    const owner = await createTestUser();
    const { first, second } = stubTwoModels();
    const one = await startFirst(owner, first);
    const added = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    expect(added.status).toBe(200);
    finish(second, 'Quick.');
    finish(first, 'Slow.');
    expect(finalFrame(parseSse(await added.text()))).toMatchObject({
      responseMessage: { text: 'Quick.', parentMessageId: one.userMessageId },
    });
    await readRest(one.started.reader, one.started.text);
  });

  it('stops one reply and lets the other finish; both resume after a reload', async () => {
    const owner = await createTestUser();
    const { first, second } = stubTwoModels();
    const one = await startFirst(owner, first, 'Going on');
    const added = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    second.push(openAITextChunk('Also going'));
    const other = await readUntil(streamOf(added), (text) => text.includes('Also going'));

    // A reload re-attaches to each run: the first by default, the second with ?added=1.
    const resumedFirst = await get(owner, `/api/ask/stream/${one.conversationId}`);
    const resumedSecond = await get(owner, `/api/ask/stream/${one.conversationId}?added=1`);
    expect([resumedFirst.status, resumedSecond.status]).toEqual([200, 200]);
    const replayed = (await readUntil(streamOf(resumedSecond), (text) => text.includes('Also going'))).text;
    expect(replayed).not.toContain('Going on');

    const stopped = await post(owner, '/api/ask/custom/abort', {
      abortKey: `${one.conversationId}:${one.userMessageId}`,
      endpoint: 'Test',
      added: true,
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ responseMessage: { text: 'Also going', model: 'other-model' } });
    await readRest(other.reader, other.text);

    finish(first, ' strong.');
    const firstText = await readRest(one.started.reader, one.started.text);
    expect(finalFrame(parseSse(firstText))).toMatchObject({ responseMessage: { text: 'Going on strong.' } });
    expect(await resumedFirst.text()).toBe(firstText);
  });

  it('still refuses an unrelated second turn while the first reply runs', async () => {
    const owner = await createTestUser();
    const { first } = stubTwoModels();
    const one = await startFirst(owner, first, 'Busy');
    const unrelated = await post(
      owner,
      '/api/ask/custom',
      sendBody({ text: 'Another question', conversationId: one.conversationId, parentMessageId: one.userMessageId }),
    );
    expect(unrelated.status).toBe(409);
    finish(first, '.');
    await readRest(one.started.reader, one.started.text);
  });

  it('is refused (403, nothing run) without MULTI_CONVO USE or with interface.multiConvo off, and for another user (404)', async () => {
    const owner = await createTestUser();
    const { first } = stubTwoModels();
    const one = await startFirst(owner, first, 'Alone');
    const intruder = await createTestUser();
    const foreign = await post(intruder, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    expect(foreign.status).toBe(404);

    await setMultiConvo(false);
    try {
      const refused = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
      expect(refused.status).toBe(403);
    } finally {
      await setMultiConvo(true);
    }
    await useConfig(`${CUSTOM_ENDPOINT_CONFIG}\ninterface:\n  multiConvo: false\n`);
    const hidden = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    expect(hidden.status).toBe(403);
    expect((await get(owner, `/api/ask/stream/${one.conversationId}?added=1`)).status).toBe(204);
    finish(first, '.');
    await readRest(one.started.reader, one.started.text);
    const saved = await eventually(async () => {
      const rows = await savedMessages(one.conversationId);
      if (rows.length < 2) throw new Error('not saved yet');
      return rows;
    });
    expect(saved).toHaveLength(2);
  });

  it('answers 404 for a message that is not a turn of the conversation (no second concurrent turn)', async () => {
    const owner = await createTestUser();
    const { first } = stubTwoModels();
    const one = await startFirst(owner, first, 'Only me');
    const madeUp = await post(owner, '/api/ask/custom', addedBody(one.conversationId, crypto.randomUUID()));
    expect(madeUp.status).toBe(404);
    finish(first, '.');
    await readRest(one.started.reader, one.started.text);
    // Once the turn is saved, a second reply to it is still welcome.
    const later = stubTwoModels();
    const again = await post(owner, '/api/ask/custom', addedBody(one.conversationId, one.userMessageId));
    expect(again.status).toBe(200);
    finish(later.second, 'Later.');
    expect(finalFrame(parseSse(await again.text()))).toMatchObject({
      responseMessage: { text: 'Later.', parentMessageId: one.userMessageId },
    });
  });

  it('answers 400 for an added regenerate', async () => {
    const owner = await createTestUser();
    const { first } = stubTwoModels();
    const one = await startFirst(owner, first, 'Hm');
    const bad = await post(
      owner,
      '/api/ask/custom',
      addedBody(one.conversationId, one.userMessageId, {
        isRegenerate: true,
        overrideParentMessageId: one.userMessageId,
      }),
    );
    expect(bad.status).toBe(400);
    finish(first, '.');
    await readRest(one.started.reader, one.started.text);
  });
});
