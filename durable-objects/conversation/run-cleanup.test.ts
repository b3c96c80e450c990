import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import {
  gatedReply,
  openAIEnd,
  openAIStream,
  openAITextChunk,
  sseResponse,
  stubProvider,
} from '../../worker/test/chat/provider-replies';
import {
  conversationStubFor,
  newConversationSpec,
  savedMessages,
  startRunRequest,
} from '../../worker/test/chat/run-fixtures';
import { finalFrame, parseSse, readAll, readRest, readUntil } from '../../worker/test/chat/sse';
import type { MessageRecord } from '../../worker/db/runs';
import type { RunSpec } from '../../worker/engine/run-spec';
import { FRAME_SWEEP_DELAY_MS, type ConversationDO } from './conversation-do';
import { FRAME_FLUSH_MAX } from './frame-buffer';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Rows of the object's own tables, and its alarm. */
async function storedState(stub: DurableObjectStub<ConversationDO>) {
  return runInDurableObject(stub, async (_instance: ConversationDO, state) => {
    const count = (table: string) =>
      state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n;
    return { runs: count('run'), frames: count('frames'), alarm: await state.storage.getAlarm() };
  });
}

/** Enough deltas that the buffer writes at least one batch of frames before the end. */
const MANY_CHUNKS = Array.from({ length: FRAME_FLUSH_MAX + 8 }, (_, i) => `w${i} `);

describe('ConversationDO: the end of a run', () => {
  it("deletes the run's row at once and leaves its frames to the alarm, which sweeps them", async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user, 'Many words please');
    stubProvider(() => sseResponse(openAIStream(MANY_CHUNKS)));
    const stub = conversationStubFor(spec);
    const before = Date.now();
    const frames = parseSse(await readAll((await stub.fetch(...startRunRequest(spec))).body));
    expect(finalFrame(frames)).toMatchObject({ final: true });

    const ended = await storedState(stub);
    expect(ended.runs).toBe(0);
    expect(ended.frames).toBeGreaterThan(0);
    expect(ended.alarm).toBeGreaterThanOrEqual(before + FRAME_SWEEP_DELAY_MS);
    // Nothing is live: attaching finds no run, whatever frames are still stored.
    expect((await stub.attach(user.id)).status).toBe('idle');

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedState(stub)).toMatchObject({ runs: 0, frames: 0, alarm: null });
    // The reply itself is in D1, untouched by the sweep.
    expect((await savedMessages(spec.conversation.conversationId)).map((m) => m.text)).toEqual([
      'Many words please',
      MANY_CHUNKS.join(''),
    ]);
  });

  it('lets the next run delete the frames of the one before, when it comes before the alarm', async () => {
    const { first, stub } = await finishedFirstRun('First', MANY_CHUNKS);
    expect((await storedState(stub)).frames).toBeGreaterThan(0);

    const { reply, reader } = await heldFollowUp(stub, first, 'Second', 'Streaming');
    // The second run is stored (after its first event): the first run's frames are gone.
    await vi.waitFor(async () => expect((await storedState(stub)).runs).toBe(1));
    const leftovers = await runInDurableObject(
      stub,
      (_instance: ConversationDO, state) =>
        state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM frames WHERE runId = ?', first.runId).one().n,
    );
    expect(leftovers).toBe(0);
    reply.push(openAIEnd());
    reply.end();
    await reader.cancel();
  });
});

describe('ConversationDO: what a follow-up writes before its reply ends', () => {
  it('saves the user message at once and leaves the conversation row to the final batch', async () => {
    const { first, stub } = await finishedFirstRun('Start', ['Started']);
    const conversationId = first.conversation.conversationId;
    const updatedAt = () =>
      env.DB.prepare('SELECT updatedAt FROM conversations WHERE conversationId = ?1')
        .bind(conversationId)
        .first<number>('updatedAt');
    const savedBefore = await updatedAt();

    const { reply, reader } = await heldFollowUp(stub, first, 'Go on', 'More');
    await vi.waitFor(async () =>
      expect((await savedMessages(conversationId)).map((m) => m.text)).toEqual(['Start', 'Started', 'Go on']),
    );
    expect(await updatedAt()).toBe(savedBefore);

    reply.push(openAIEnd());
    reply.end();
    expect(finalFrame(parseSse(await readRest(reader)))).toMatchObject({ final: true });
    await vi.waitFor(async () => expect((await savedMessages(conversationId)).map((m) => m.text)).toContain('More'));
    expect(await updatedAt()).toBeGreaterThan(savedBefore ?? 0);
  });
});

/** A new conversation's first run, streamed to its end. */
async function finishedFirstRun(text: string, chunks: readonly string[]) {
  const first = newConversationSpec(await createTestUser(), text);
  stubProvider(() => sseResponse(openAIStream(chunks)));
  const stub = conversationStubFor(first);
  await readAll((await stub.fetch(...startRunRequest(first))).body);
  return { first, stub };
}

/** A follow-up whose provider has sent `firstText` and holds the rest until the test pushes it. */
async function heldFollowUp(stub: DurableObjectStub<ConversationDO>, first: RunSpec, text: string, firstText: string) {
  const reply = gatedReply();
  stubProvider(() => reply.answer());
  const response = await stub.fetch(...startRunRequest(followUpSpec(first, text)));
  reply.push(openAITextChunk(firstText));
  if (!response.body) throw new Error('no body');
  const { reader } = await readUntil(response.body, (chunk) => chunk.includes(firstText));
  return { reply, reader };
}

/** A normal send answering the first run's reply, in the same conversation. */
function followUpSpec(first: RunSpec, text: string): RunSpec {
  const now = Math.max(Date.now(), first.acceptedAt + 10);
  const userMessage: MessageRecord = {
    ...(first.userMessage as MessageRecord),
    messageId: crypto.randomUUID(),
    parentMessageId: first.responseMessageId,
    text,
    createdAt: now,
    updatedAt: now,
  };
  return {
    ...first,
    runId: crypto.randomUUID(),
    isNewConversation: false,
    userMessage,
    parentMessageId: userMessage.messageId,
    responseMessageId: crypto.randomUUID(),
    turn: { ...first.turn, requestMessage: userMessage },
    acceptedAt: now,
  };
}
