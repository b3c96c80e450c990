import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDO } from '../../../durable-objects/conversation/conversation-do';
import { createTestUser } from '../../test/auth-helpers';
import { openAIStream, sseResponse, stubProvider } from '../../test/chat/provider-replies';
import {
  conversations,
  conversationStubFor,
  newConversationSpec,
  savedMessages,
  startRunRequest,
} from '../../test/chat/run-fixtures';
import { deltaText, finalFrame, parseSse, readAll } from '../../test/chat/sse';
import { openRun } from './run-request';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Whether the object has created its run tables: it does so only once a run is stored. */
async function hasRunTables(stub: DurableObjectStub<ConversationDO>): Promise<boolean> {
  return runInDurableObject(
    stub,
    (_instance: ConversationDO, state) =>
      state.storage.sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'run'")
        .one().n > 0,
  );
}

describe('openRun', () => {
  it('opens the request first and sends the spec later; the object runs it to the end', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user, 'Late spec');
    stubProvider(() => sseResponse(openAIStream(['It ', 'works.'], { prompt: 3, completion: 2 })));
    const pending = openRun({ CONVERSATION: conversations }, spec.conversation.conversationId);
    // The spec follows after other I/O (in a send: the D1 batch).
    await env.DB.prepare('SELECT 1').all();
    const response = await pending.start(spec);
    expect(response.status).toBe(200);
    const frames = parseSse(await readAll(response.body));
    expect(deltaText(frames)).toBe('It works.');
    expect(finalFrame(frames)).toMatchObject({ final: true, responseMessage: { text: 'It works.' } });
    expect((await savedMessages(spec.conversation.conversationId)).map((message) => message.text)).toEqual([
      'Late spec',
      'It works.',
    ]);
    // Started once: cancelling afterwards changes nothing.
    await pending.cancel();
  });

  it('starts nothing when cancelled: no provider call, nothing stored, and the next run starts as usual', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user);
    const calls = stubProvider(() => sseResponse(openAIStream(['Fine.'], { prompt: 3, completion: 1 })));
    const stub = conversationStubFor(spec);
    const pending = openRun({ CONVERSATION: conversations }, spec.conversation.conversationId);
    // Resolves only once the object has answered the request it got.
    await pending.cancel();
    expect((await stub.attach(user.id)).status).toBe('idle');
    expect(calls).toHaveLength(0);
    expect(await hasRunTables(stub)).toBe(false);
    expect(await savedMessages(spec.conversation.conversationId)).toEqual([]);
    expect(() => pending.start(spec)).toThrow();

    const response = await stub.fetch(...startRunRequest(spec));
    expect(deltaText(parseSse(await readAll(response.body)))).toBe('Fine.');
  });
});
