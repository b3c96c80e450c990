import { env } from 'cloudflare:workers';
import { abortAllDurableObjects } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import { isTitleCall, openAIStream, sseResponse, stubProvider } from '../../worker/test/chat/provider-replies';
import {
  conversationStubFor,
  newConversationSpec,
  startRunRequest,
  TEST_BASE_URL,
} from '../../worker/test/chat/run-fixtures';
import { readAll } from '../../worker/test/chat/sse';
import type { RunSpec } from '../../worker/engine/run-spec';
import { cleanTitle, DEFAULT_TITLE_PROMPT, TITLE_MAX_CHARS } from './title-generation';

afterEach(() => {
  vi.restoreAllMocks();
});

function titledSpec(spec: RunSpec): RunSpec {
  return {
    ...spec,
    title: {
      provider: { provider: 'openai', target: { baseURL: TEST_BASE_URL, apiKey: 'sk-test' } },
      model: 'title-model',
    },
  };
}

describe('ConversationDO.awaitTitle', () => {
  it('resolves with the generated title once saved, for the owner only', async () => {
    const user = await createTestUser();
    const spec = titledSpec(newConversationSpec(user, 'Plan a trip to Kyoto'));
    const calls = stubProvider((call) =>
      sseResponse(openAIStream(isTitleCall(call) ? ['"Kyoto Trip ', 'Plan".'] : ['Here is a plan.'])),
    );
    const stub = conversationStubFor(spec);
    await readAll((await stub.fetch(...startRunRequest(spec))).body);

    expect(await stub.awaitTitle(user.id, 5_000)).toBe('Kyoto Trip Plan');
    const other = await createTestUser();
    expect(await stub.awaitTitle(other.id, 5_000)).toBeNull();
    const titleCall = calls.find(isTitleCall);
    expect(titleCall?.body).toMatchObject({ model: 'title-model', max_tokens: 40 });
    expect(JSON.stringify(titleCall?.body)).toContain('User: Plan a trip to Kyoto');
    const row = await env.DB.prepare('SELECT title FROM conversations WHERE conversationId = ?1')
      .bind(spec.conversation.conversationId)
      .first();
    expect(row).toEqual({ title: 'Kyoto Trip Plan' });

    // A fresh instance (evicted meanwhile) answers from D1.
    await abortAllDurableObjects();
    const fresh = conversationStubFor(spec);
    expect(await fresh.awaitTitle(user.id, 1_000)).toBe('Kyoto Trip Plan');
    expect(await fresh.awaitTitle(other.id, 1_000)).toBeNull();
  });

  it('waits for a title asked for while the reply is still streaming, and gives null on timeout or failure', async () => {
    const user = await createTestUser();
    const spec = titledSpec(newConversationSpec(user));
    stubProvider((call) =>
      isTitleCall(call)
        ? new Response('{"error":{"message":"down"}}', { status: 500 })
        : sseResponse(openAIStream(['Reply.'])),
    );
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    const waiting = stub.awaitTitle(user.id, 5_000);
    await readAll(response.body);
    expect(await waiting).toBeNull();
    expect(await stub.awaitTitle(user.id, 10)).toBeNull();
  });
});

describe('cleanTitle', () => {
  it('cleans generated titles', () => {
    expect(cleanTitle('"Kyoto Trip Plan".')).toBe('Kyoto Trip Plan');
    expect(cleanTitle('Title: **Planning a Trip**\nmore text')).toBe('Planning a Trip');
    expect(cleanTitle('  \n ')).toBeNull();
    expect(cleanTitle('Trip to Lisbon')).toBe('Trip to Lisbon');
  });

  it('falls back to the untitled label for an empty, overlong or echoed answer', () => {
    expect(cleanTitle('')).toBeNull();
    expect(cleanTitle('""')).toBeNull();
    expect(cleanTitle('x'.repeat(TITLE_MAX_CHARS + 1))).toBeNull();
    expect(cleanTitle('x'.repeat(TITLE_MAX_CHARS))).toHaveLength(TITLE_MAX_CHARS);
    // A mock or a confused model repeating the instruction, whole or cut short.
    const echo = DEFAULT_TITLE_PROMPT.replace('{convo}', 'User: hi\nAI: hello');
    expect(cleanTitle(`You said: ${echo}`)).toBeNull();
    expect(cleanTitle('Please generate a concise, 5-word-or-less title')).toBeNull();
    expect(cleanTitle('"Reply with the title only."')).toBeNull();
    // A custom prompt is recognised too.
    expect(cleanTitle('Name this chat in three words', 'Name this chat in three words.\n\n{convo}')).toBeNull();
    expect(cleanTitle('Bread Baking Basics', 'Name this chat in three words.\n\n{convo}')).toBe('Bread Baking Basics');
  });
});
