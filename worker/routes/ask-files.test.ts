import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLinkPath } from '../contract/files';
import type { UserRow } from '../db/users';
import { THINKING_STREAM } from '../providers/anthropic/fixtures/stream';
import { chunkedResponse } from '../providers/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';
import { isTitleCall, openAIStream, sseResponse, stubProvider } from '../test/chat/provider-replies';
import { PNG, storedFile, storedImage } from '../test/chat/stored-files';
import { DOCUMENT_MAX_BYTES } from '../contract/files';
import { CUSTOM_ENDPOINT_CONFIG, finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';

const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

const sentFile = (user: UserRow, fileId: string) => ({
  file_id: fileId,
  filepath: fileLinkPath(user.id, fileId),
  type: 'image/png',
  width: 1,
  height: 1,
});

/** The user turns of each chat request the provider received (title requests left out). */
function userContents(calls: ReturnType<typeof stubProvider>): unknown[][] {
  return calls
    .filter((call) => !isTitleCall(call))
    .map((call) => (call.body as { messages: { role: string; content: unknown }[] }).messages)
    .map((messages) => messages.filter((message) => message.role === 'user').map((message) => message.content));
}

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('documents sent with a message', () => {
  it('reach the model as text before the question, and a long one only up to its budget', async () => {
    const user = await createTestUser();
    const notes = await storedFile(user, {
      name: 'notes.md',
      type: 'text/markdown',
      bytes: new TextEncoder().encode('# Plan\nShip on Friday.'),
    });
    const long = await storedFile(user, {
      name: 'log.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('x'.repeat(DOCUMENT_MAX_BYTES + 5000)),
    });
    const calls = stubProvider(() => sseResponse(openAIStream(['Friday.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({
        text: 'When do we ship?',
        files: [
          { file_id: notes, type: 'text/markdown' },
          { file_id: long, type: 'text/plain' },
        ],
      }),
    );
    const [content] = userContents(calls)[0] as { type: string; text: string }[][];
    expect(content?.map((part) => part.type)).toEqual(['text', 'text', 'text']);
    expect(content?.[0]?.text).toBe('Attached file "notes.md":\n```\n# Plan\nShip on Friday.\n```');
    expect(content?.[1]?.text).toContain('Attached file "log.txt" (only its beginning');
    expect(content?.[1]?.text).toContain('x'.repeat(DOCUMENT_MAX_BYTES));
    expect(content?.[1]?.text).not.toContain('x'.repeat(DOCUMENT_MAX_BYTES + 1));
    expect(content?.[2]).toEqual({ type: 'text', text: 'When do we ship?' });
    // The message's file says it was cut, so the chat can tell the user.
    expect(finalOf(result).requestMessage.files).toMatchObject([
      { file_id: notes, filename: 'notes.md' },
      { file_id: long, filename: 'log.txt', truncated: true },
    ]);
  });
});

describe('files and their conversation', () => {
  it('belong to the conversation they were sent in, and go with it when only it uses them', async () => {
    const user = await createTestUser();
    const fileId = await storedImage(user);
    stubProvider(() => sseResponse(openAIStream(['Seen.'])));
    const { conversation } = finalOf(
      await send(user, '/api/ask/custom', sendBody({ text: 'Keep this', files: [sentFile(user, fileId)] })),
    );
    const row = () =>
      env.DB.prepare('SELECT conversationId FROM files WHERE file_id = ?1')
        .bind(fileId)
        .first<{ conversationId: string }>();
    expect((await row())?.conversationId).toBe(conversation.conversationId);

    const removed = await callAs(user, '/api/convos', 'DELETE', {
      arg: { conversationId: conversation.conversationId },
    });
    expect(removed.ok).toBe(true);
    expect(await row()).toBeNull();
    expect(await env.FILES.head(`users/${user.id}/${fileId}`)).toBeNull();
  });
});

describe('images sent with a message', () => {
  it('reach an OpenAI-compatible model as image_url data URLs, and are stored on the message', async () => {
    const user = await createTestUser();
    const fileId = await storedImage(user);
    const calls = stubProvider(() => sseResponse(openAIStream(['A cat.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'What is this?', imageDetail: 'low', files: [sentFile(user, fileId)] }),
    );
    expect(userContents(calls)[0]).toEqual([
      [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: PNG_DATA_URL, detail: 'low' } },
      ],
    ]);
    const { requestMessage } = finalOf(result);
    const expected = [
      {
        file_id: fileId,
        filepath: fileLinkPath(user.id, fileId),
        filename: 'cat.png',
        type: 'image/png',
        embedded: false,
        width: 1,
        height: 1,
      },
    ];
    // In the final frame, for the open chat, and in D1, for every later read.
    expect(requestMessage.files).toEqual(expected);
    const stored = await env.DB.prepare('SELECT files FROM messages WHERE messageId = ?1')
      .bind(requestMessage.messageId)
      .first<{ files: string }>();
    expect(JSON.parse(stored?.files ?? 'null')).toEqual(expected);
  });

  it('reach Anthropic as a base64 image block', async () => {
    const user = await createTestUser();
    const fileId = await storedImage(user);
    const calls = stubProvider(() => chunkedResponse(THINKING_STREAM, 'awkward'));
    await send(
      user,
      '/api/ask/anthropic',
      sendBody({
        endpoint: 'anthropic',
        endpointType: null,
        model: 'claude-3-7-sonnet-latest',
        text: 'Describe it',
        files: [sentFile(user, fileId)],
      }),
      { ANTHROPIC_API_KEY: 'sk-ant-test' },
    );
    const turns = (calls[0]?.body as { messages: { role: string; content: unknown[] }[] }).messages;
    expect(turns[0]?.content).toContainEqual(
      expect.objectContaining({
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: PNG_DATA_URL.split(',')[1] },
      }),
    );
  });

  it("drops another user's file id: nothing of it reaches the model or the message", async () => {
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const fileId = await storedImage(owner);
    const calls = stubProvider(() => sseResponse(openAIStream(['Nothing to see.'])));
    const result = await send(
      intruder,
      '/api/ask/custom',
      sendBody({ text: 'Show me', files: [sentFile(owner, fileId)] }),
    );
    expect(userContents(calls)[0]).toEqual(['Show me']);
    const stored = await env.DB.prepare('SELECT files FROM messages WHERE messageId = ?1')
      .bind(finalOf(result).requestMessage.messageId)
      .first<{ files: string | null }>();
    expect(stored?.files).toBeNull();
  });

  it('shows earlier images again in a follow-up, unless resendFiles is off', async () => {
    const user = await createTestUser();
    const fileId = await storedImage(user);
    const calls = stubProvider(() => sseResponse(openAIStream(['Noted.'])));
    const first = finalOf(
      await send(user, '/api/ask/custom', sendBody({ text: 'Look', files: [sentFile(user, fileId)] })),
    );
    const followUp = (resendFiles: boolean) =>
      sendBody({
        text: 'And now?',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
        resendFiles,
      });
    await send(user, '/api/ask/custom', followUp(true));
    await send(user, '/api/ask/custom', followUp(false));
    const [, resent, notResent] = userContents(calls);
    expect(resent?.[0]).toEqual([
      { type: 'text', text: 'Look' },
      { type: 'image_url', image_url: { url: PNG_DATA_URL, detail: 'auto' } },
    ]);
    expect(notResent?.[0]).toBe('Look');
  });

  it('leaves out an image whose file was deleted since, and still answers', async () => {
    const user = await createTestUser();
    const fileId = await storedImage(user);
    await env.FILES.delete(`users/${user.id}/${fileId}`);
    const calls = stubProvider(() => sseResponse(openAIStream(['Fine.'])));
    const result = await send(user, '/api/ask/custom', sendBody({ text: 'Here', files: [sentFile(user, fileId)] }));
    expect(userContents(calls)[0]).toEqual([[{ type: 'text', text: 'Here' }]]);
    expect(finalOf(result).responseMessage.text).toBe('Fine.');
  });
});
