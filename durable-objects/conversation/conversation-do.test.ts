import { runInDurableObject } from 'cloudflare:test';
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
  attachedStream,
  conversationStubFor,
  newConversationSpec,
  savedMessages,
  startRunRequest,
} from '../../worker/test/chat/run-fixtures';
import { deltaText, finalFrame, parseSse, readAll, readUntil, readRest } from '../../worker/test/chat/sse';
import type { ConversationDO } from './conversation-do';
import { RECORD_WITHOUT_EVENT_MS } from './run';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConversationDO: a run', () => {
  it('streams created, a run step, the deltas and final, and saves both messages', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user, 'Say hello');
    const calls = stubProvider(() => sseResponse(openAIStream(['Hel', 'lo', '!'], { prompt: 12, completion: 3 })));
    const response = await conversationStubFor(spec).fetch(...startRunRequest(spec));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const frames = parseSse(await readAll(response.body));

    expect(frames[0]?.data).toMatchObject({
      created: true,
      message: { messageId: spec.userMessage?.messageId, text: 'Say hello', isCreatedByUser: true },
    });
    expect(frames[1]?.data).toMatchObject({
      event: 'on_run_step',
      data: { index: 0, runId: spec.responseMessageId, stepDetails: { type: 'message_creation' } },
    });
    expect(deltaText(frames)).toBe('Hello!');
    const final = finalFrame(frames);
    expect(final).toMatchObject({
      final: true,
      title: null,
      conversation: {
        conversationId: spec.conversation.conversationId,
        title: 'New Chat',
        endpoint: 'Test',
        model: 'test-model',
      },
      requestMessage: { messageId: spec.userMessage?.messageId },
      responseMessage: {
        messageId: spec.responseMessageId,
        text: 'Hello!',
        unfinished: false,
        error: false,
        finish_reason: 'stop',
        tokenCount: 3,
        content: [{ type: 'text', text: 'Hello!' }],
      },
    });
    expect(calls[0]?.body).toMatchObject({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
    });

    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved.map((m) => [m.isCreatedByUser, m.text, m.unfinished, m.finish_reason])).toEqual([
      [1, 'Say hello', 0, null],
      [0, 'Hello!', 0, 'stop'],
    ]);
  });

  it('gives two subscribers identical frames, and a late one the replay then the live frames', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user);
    const reply = gatedReply();
    stubProvider(() => reply.answer());
    const stub = conversationStubFor(spec);
    const first = await stub.fetch(...startRunRequest(spec));
    const second = await attachedStream(stub, user.id);
    reply.push(openAITextChunk('One '));
    reply.push(openAITextChunk('two '));
    const firstStream = first.body;
    if (!firstStream) throw new Error('no body');
    const started = await readUntil(firstStream, (text) => text.includes('two '));
    const late = await attachedStream(stub, user.id);
    reply.push(openAITextChunk('three'));
    reply.push(openAIEnd());
    reply.end();

    const [a, b, c] = await Promise.all([readRest(started.reader, started.text), readAll(second), readAll(late)]);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(deltaText(parseSse(c))).toBe('One two three');
  });

  it('keeps going when a subscriber disconnects, and saves the whole reply', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user);
    const reply = gatedReply();
    stubProvider(() => reply.answer());
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    reply.push(openAITextChunk('Before '));
    const body = response.body;
    if (!body) throw new Error('no body');
    const { reader } = await readUntil(body, (text) => text.includes('Before'));
    await reader.cancel();
    reply.push(openAITextChunk('and after.'));
    reply.push(openAIEnd());
    reply.end();
    await vi.waitFor(async () => {
      const saved = await savedMessages(spec.conversation.conversationId);
      expect(saved[1]).toMatchObject({ text: 'Before and after.', unfinished: 0, finish_reason: 'stop' });
    });
  });

  it('sends the provider request, created and the first delta before any write, then stores the run and saves the user message', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user);
    const stub = conversationStubFor(spec);
    const storage = await runInDurableObject(stub, (_instance: ConversationDO, state) => state.storage);
    const tables = () =>
      storage.sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'run'")
        .one().n;
    const storedRuns = () =>
      runInDurableObject(stub, (_instance: ConversationDO, state) =>
        state.storage.sql.exec<{ id: string }>('SELECT id FROM run').toArray(),
      );
    // A write before a message would hold it until durable (the output gate): a new
    // conversation's object has not even created its tables when the provider is called.
    let tablesAtCall: number | undefined;
    const reply = gatedReply();
    // Looked at the moment fetch is called.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      tablesAtCall ??= tables();
      return Promise.resolve(reply.answer());
    });
    const response = await stub.fetch(...startRunRequest(spec));
    const body = response.body;
    if (!body) throw new Error('no body');
    const created = await readUntil(body, (received) => received.includes('"created":true'));
    expect(tablesAtCall).toBe(0);
    expect(await runInDurableObject(stub, () => tables())).toBe(0);
    expect(await savedMessages(spec.conversation.conversationId)).toEqual([]);

    // The first event is sent on, and only then is the run stored (an eviction from now on is
    // finalised from storage) and the user message saved.
    reply.push(openAITextChunk('Done'));
    const firstDelta = await readUntil(created.reader, (received) => received.includes('Done'), created.text);
    await vi.waitFor(async () => expect(await storedRuns()).toEqual([{ id: spec.runId }]));
    await vi.waitFor(async () =>
      expect((await savedMessages(spec.conversation.conversationId)).map((m) => m.text)).toEqual([
        spec.userMessage?.text,
      ]),
    );
    reply.push(openAITextChunk('.'));
    reply.push(openAIEnd());
    reply.end();
    expect(deltaText(parseSse(await readRest(firstDelta.reader, firstDelta.text)))).toBe('Done.');
  });

  it('stores the run and saves the user message after RECORD_WITHOUT_EVENT_MS when the provider has not answered yet', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user);
    const stub = conversationStubFor(spec);
    const reply = gatedReply();
    stubProvider(() => reply.answer());
    const response = await stub.fetch(...startRunRequest(spec));
    const body = response.body;
    if (!body) throw new Error('no body');
    const created = await readUntil(body, (received) => received.includes('"created":true'));
    const startedAt = Date.now();
    await vi.waitFor(
      async () => {
        const rows = await runInDurableObject(stub, (_instance: ConversationDO, state) =>
          state.storage.sql
            .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'run'")
            .one().n > 0
            ? state.storage.sql.exec<{ id: string }>('SELECT id FROM run').toArray()
            : [],
        );
        expect(rows).toEqual([{ id: spec.runId }]);
      },
      { timeout: 2_000, interval: 20 },
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(RECORD_WITHOUT_EVENT_MS - 50);
    await vi.waitFor(async () =>
      expect((await savedMessages(spec.conversation.conversationId)).map((m) => m.text)).toEqual([
        spec.userMessage?.text,
      ]),
    );
    reply.push(openAITextChunk('Late.'));
    reply.push(openAIEnd());
    reply.end();
    expect(deltaText(parseSse(await readRest(created.reader, created.text)))).toBe('Late.');
  });
});
