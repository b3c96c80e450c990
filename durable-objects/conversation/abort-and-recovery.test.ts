import { env } from 'cloudflare:workers';
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import { gatedReply, openAITextChunk, stubProvider } from '../../worker/test/chat/provider-replies';
import {
  conversationStubFor,
  newConversationSpec,
  savedMessages,
  startRunRequest,
} from '../../worker/test/chat/run-fixtures';
import { finalFrame, parseSse, readRest, readUntil } from '../../worker/test/chat/sse';
import { leaseKey } from '../../worker/db/leases';
import type { ConversationDO } from './conversation-do';
import { storedSpec } from './stored-spec';
import { RunStore } from './run-store';
import { RUN_HEARTBEAT_MS } from './conversation-do';

afterEach(() => {
  vi.restoreAllMocks();
});

async function startGatedRun(text = 'Partial answer') {
  const user = await createTestUser();
  const spec = newConversationSpec(user);
  const reply = gatedReply();
  stubProvider(() => reply.answer());
  const stub = conversationStubFor(spec);
  const response = await stub.fetch(...startRunRequest(spec));
  reply.push(openAITextChunk(text));
  if (!response.body) throw new Error('no body');
  const started = await readUntil(response.body, (sofar) => sofar.includes(text));
  return { user, spec, reply, stub, started };
}

describe('ConversationDO: abort', () => {
  it('stops the provider, saves the partial reply as a stopped (not unfinished) incomplete reply and answers the final JSON', async () => {
    const { user, spec, reply, stub, started } = await startGatedRun('Partial answer');
    const aborted = await stub.abort(user.id);
    if (aborted.status !== 'aborted') throw new Error(`abort: ${aborted.status}`);
    const payload: unknown = JSON.parse(aborted.finalJson);
    expect(payload).toMatchObject({
      final: true,
      conversation: { conversationId: spec.conversation.conversationId },
      requestMessage: { messageId: spec.userMessage?.messageId },
      responseMessage: {
        messageId: spec.responseMessageId,
        text: 'Partial answer',
        unfinished: false,
        finish_reason: 'incomplete',
        error: false,
      },
    });
    await vi.waitFor(() => expect(reply.cancelled()).toBe(true));
    // The stream of the client that started the run ends with the same final.
    const rest = parseSse(await readRest(started.reader, started.text));
    expect(finalFrame(rest)).toMatchObject({ responseMessage: { unfinished: false } });
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved[1]).toMatchObject({ text: 'Partial answer', unfinished: 0, finish_reason: 'incomplete' });
    // Nothing is live any more.
    expect((await stub.abort(user.id)).status).toBe('idle');
    expect((await stub.attach(user.id)).status).toBe('idle');
  }, 120_000);
});

describe('ConversationDO: ownership and exclusivity', () => {
  it('lets no other user attach or abort, and allows one run at a time', async () => {
    const { user, spec, reply, stub, started } = await startGatedRun('Mine');
    const other = await createTestUser();
    expect((await stub.attach(other.id)).status).toBe('not_owner');
    expect((await stub.abort(other.id)).status).toBe('not_owner');
    const second = await stub.fetch(...startRunRequest({ ...spec, runId: crypto.randomUUID() }));
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: expect.stringContaining('already') });
    // The run is untouched by all of that.
    await stub.abort(user.id);
    await started.reader.cancel();
    expect(reply.cancelled()).toBe(true);
  });
});

describe('ConversationDO: heartbeat and eviction', () => {
  it('keeps a live run awake: the alarm flushes, renews the lease and reschedules itself', async () => {
    const user = await createTestUser();
    const key = leaseKey(user.id, crypto.randomUUID());
    await env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?1, ?2, 1)')
      .bind(key, Date.now() + 1000)
      .run();
    const spec = newConversationSpec(user, 'hi', { leaseKey: key });
    const reply = gatedReply();
    stubProvider(() => reply.answer());
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    reply.push(openAITextChunk('Streaming'));
    if (!response.body) throw new Error('no body');
    const { reader } = await readUntil(response.body, (text) => text.includes('Streaming'));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const alarm = await runInDurableObject(stub, (_instance: ConversationDO, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + RUN_HEARTBEAT_MS / 2);
    const lease = await env.DB.prepare('SELECT windowStart FROM rate_limits WHERE key = ?1')
      .bind(key)
      .first<{ windowStart: number }>();
    expect(lease?.windowStart).toBeGreaterThan(Date.now() + 30_000);
    await stub.abort(user.id);
    await reader.cancel();
    // The run's end released the lease.
    expect(await env.DB.prepare('SELECT 1 FROM rate_limits WHERE key = ?1').bind(key).first()).toBeNull();
  });

  it('finalises a run orphaned by eviction from its stored snapshot, unfinished with its partial text', async () => {
    const user = await createTestUser();
    const key = leaseKey(user.id, crypto.randomUUID());
    await env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?1, ?2, 1)')
      .bind(key, Date.now() + 60_000)
      .run();
    const spec = newConversationSpec(user, 'Tell me a story', { leaseKey: key });
    const reply = gatedReply();
    stubProvider(() => reply.answer());
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    reply.push(openAITextChunk('Once upon a time'));
    if (!response.body) throw new Error('no body');
    const { reader } = await readUntil(response.body, (text) => text.includes('Once upon'));
    // The heartbeat writes the snapshot; then the instance vanishes mid-stream.
    await runDurableObjectAlarm(stub);
    await reader.cancel();
    // evictDurableObject waits for the run's in-flight provider call, which never ends here;
    // aborting the instance is the harsher case anyway (a crash or a restart on deploy).
    await abortAllDurableObjects();
    const fresh = conversationStubFor(spec);

    // The next alarm, in a fresh instance, finds the stored run with no live run behind it.
    expect(await runDurableObjectAlarm(fresh)).toBe(true);
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved.map((m) => [m.isCreatedByUser, m.text, m.unfinished, m.finish_reason])).toEqual([
      [1, 'Tell me a story', 0, null],
      [0, 'Once upon a time', 1, 'incomplete'],
    ]);
    expect(await env.DB.prepare('SELECT 1 FROM rate_limits WHERE key = ?1').bind(key).first()).toBeNull();
    // Idempotent: another alarm (at-least-once delivery) changes nothing.
    await runInDurableObject(fresh, (instance: ConversationDO) => instance.alarm());
    expect(await savedMessages(spec.conversation.conversationId)).toHaveLength(2);
    expect((await fresh.attach(user.id)).status).toBe('idle');
  });

  it('re-applies a decided outcome whose final batch was not recorded as committed, exactly once', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user, 'Question');
    const stub = conversationStubFor(spec);
    // The state a run leaves when its instance dies between deciding the outcome and D1's answer.
    await runInDurableObject(stub, async (_instance: ConversationDO, state) => {
      const store = new RunStore(state.storage.sql);
      store.begin(storedSpec(spec), { text: '', content: null, receivedTextChars: 0 }, Date.now());
      const snapshot = {
        text: 'Complete answer.',
        content: [{ type: 'text', text: 'Complete answer.' }],
        receivedTextChars: 16,
        promptTokens: 7,
      };
      store.saveSnapshot(
        spec.runId,
        {
          ...snapshot,
          outcome: { kind: 'complete', finishReason: 'stop' },
          usage: { promptTokens: 9, completionTokens: 3 },
        },
        Date.now(),
        'finalising',
      );
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await abortAllDurableObjects();
    const fresh = conversationStubFor(spec);
    expect(await runDurableObjectAlarm(fresh)).toBe(true);
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved.map((m) => [m.text, m.unfinished, m.finish_reason, m.tokenCount])).toEqual([
      ['Question', 0, null, 5],
      ['Complete answer.', 0, 'stop', 3],
    ]);
    const transactions = await env.DB.prepare('SELECT count(*) AS n FROM transactions WHERE userId = ?1')
      .bind(user.id)
      .first<{ n: number }>();
    expect(transactions?.n).toBe(2);
    // A retry that finds the stored run again changes nothing (idempotent statements).
    await runInDurableObject(fresh, async (_instance: ConversationDO, state) => {
      const store = new RunStore(state.storage.sql);
      store.begin(
        storedSpec(spec),
        {
          text: 'Complete answer.',
          content: null,
          receivedTextChars: 16,
          outcome: { kind: 'complete', finishReason: 'stop' },
        },
        Date.now(),
      );
    });
    expect((await fresh.attach(user.id)).status).toBe('idle');
    expect(await savedMessages(spec.conversation.conversationId)).toHaveLength(2);
    expect(
      (
        await env.DB.prepare('SELECT count(*) AS n FROM transactions WHERE userId = ?1')
          .bind(user.id)
          .first<{ n: number }>()
      )?.n,
    ).toBe(2);
  });
});
