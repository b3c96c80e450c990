import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-helpers';
import { openAIStream, sseResponse, stubProvider } from '../test/chat/provider-replies';
import { PNG, savedMessages, storedFile, storedImage } from '../test/chat/stored-files';
import { CUSTOM_ENDPOINT_CONFIG, finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import type { UserRow } from '../db/users';

// The files of one message, checked as a whole by the send before anything reaches the model.

const text = (name: string, bytes: number) => ({
  name,
  type: 'text/plain',
  bytes: new TextEncoder().encode('x'.repeat(bytes)),
});

/** Sends `fileIds` with a message and expects the send refused with `message`: nothing sent or saved. */
async function expectRefused(
  user: UserRow,
  files: { file_id: string; type: string }[],
  message: string,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  const calls = stubProvider(() => sseResponse(openAIStream(['never'])));
  const result = await send(user, '/api/ask/custom', sendBody({ text: 'With files', files, ...overrides }));
  expect(result.response.status).toBe(400);
  expect(JSON.parse(result.text)).toMatchObject({ message });
  expect(calls).toHaveLength(0);
  expect(await savedMessages(user.id)).toBe(0);
}

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});

describe('the files of one message, as a whole', () => {
  const withFileConfig = (fileConfig: string) => useConfig(`${CUSTOM_ENDPOINT_CONFIG}fileConfig:\n${fileConfig}`);

  it.each([
    [
      'more files than fileLimit',
      '  endpoints:\n    Test:\n      fileLimit: 2\n',
      'You can only upload up to 2 files at a time.',
    ],
    [
      'more bytes than totalSizeLimit',
      '  endpoints:\n    Test:\n      totalSizeLimit: 0.05\n',
      'The total size of the files cannot exceed 0.05 MB.',
    ],
    [
      'an endpoint without files',
      '  endpoints:\n    Test:\n      disabled: true\n',
      'File uploads are disabled for this endpoint.',
    ],
  ])('are refused with %s, and nothing is sent or saved', async (_what, fileConfig, message) => {
    await withFileConfig(fileConfig);
    const user = await createTestUser();
    const ids = [
      await storedFile(user, text('a.txt', 20_000)),
      await storedFile(user, text('b.txt', 20_000)),
      await storedFile(user, text('c.txt', 20_000)),
    ];
    await expectRefused(
      user,
      ids.map((file_id) => ({ file_id, type: 'text/plain' })),
      message,
    );
  });

  it('are refused when two are the same file by name, size and kind, and nothing is sent or saved', async () => {
    const user = await createTestUser();
    const first = await storedFile(user, text('notes.txt', 40));
    // Another upload of the same file: another id, the same name, size and kind of type.
    const again = await storedFile(user, { ...text('notes.txt', 40), type: 'text/markdown' });
    await expectRefused(
      user,
      [
        { file_id: first, type: 'text/plain' },
        { file_id: again, type: 'text/markdown' },
      ],
      'Duplicate file detected: "notes.txt" is attached more than once.',
    );
  });

  it('take files that share only a name, or only a size', async () => {
    const user = await createTestUser();
    const ids = [
      await storedFile(user, text('notes.txt', 40)),
      await storedFile(user, text('notes.txt', 41)),
      await storedFile(user, text('other.txt', 40)),
      await storedFile(user, { name: 'notes.txt', type: 'image/png', bytes: PNG.slice(0, 40) }),
    ];
    stubProvider(() => sseResponse(openAIStream(['Read.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'Four files', files: ids.map((file_id) => ({ file_id, type: 'text/plain' })) }),
    );
    expect(finalOf(result).requestMessage.files).toHaveLength(4);
  });
});

describe('images for a model that cannot see them', () => {
  it('are refused with the model named, and nothing is sent or saved', async () => {
    const user = await createTestUser();
    const notes = await storedFile(user, text('notes.txt', 40));
    const image = await storedImage(user, 'chart.png');
    await expectRefused(
      user,
      [
        { file_id: notes, type: 'text/plain' },
        { file_id: image, type: 'image/png' },
      ],
      'The model other-model cannot read images, so "chart.png" cannot be sent to it.',
      { model: 'other-model' },
    );
  });

  it('leave its documents alone: a text-only model still reads them', async () => {
    const user = await createTestUser();
    const notes = await storedFile(user, text('notes.txt', 40));
    stubProvider(() => sseResponse(openAIStream(['Read.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'Read this', model: 'other-model', files: [{ file_id: notes, type: 'text/plain' }] }),
    );
    expect(finalOf(result).responseMessage.text).toBe('Read.');
  });

  it('sent earlier in the conversation are left out of its prompt, and it still answers', async () => {
    const user = await createTestUser();
    const image = await storedImage(user);
    const calls = stubProvider(() => sseResponse(openAIStream(['Noted.'])));
    const first = finalOf(
      await send(user, '/api/ask/custom', sendBody({ text: 'Look', files: [{ file_id: image, type: 'image/png' }] })),
    );
    const followUp = await send(
      user,
      '/api/ask/custom',
      sendBody({
        text: 'And now?',
        model: 'other-model',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      }),
    );
    expect(finalOf(followUp).responseMessage.text).toBe('Noted.');
    const lastChat = calls.filter((call) => (call.body as { model?: string }).model === 'other-model').at(-1);
    const turns = (lastChat?.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(turns.filter((turn) => turn.role === 'user').map((turn) => turn.content)).toEqual(['Look', 'And now?']);
  });

  it("reach a model the built-in rule knows, without the operator's list", async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG.replace('[test-model, other-model]', '[gpt-4o-mini, test-model]'));
    const user = await createTestUser();
    const image = await storedImage(user);
    stubProvider(() => sseResponse(openAIStream(['A dot.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'What is it?', model: 'gpt-4o-mini', files: [{ file_id: image, type: 'image/png' }] }),
    );
    expect(finalOf(result).requestMessage.files).toMatchObject([{ file_id: image }]);
  });
});
