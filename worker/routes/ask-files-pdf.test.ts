import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFileResponse } from '../contract/files';
import type { UserRow } from '../db/users';
import { DOCUMENT_MAX_BYTES } from '../contract/files';
import { CUSTOM_ENDPOINT_CONFIG, finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { pdfTextKey } from '../services/files/pdf-text-object';
import { buildPdf, corruptPdf } from '../services/files/testing-pdf';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { isTitleCall, openAIStream, sseResponse, stubProvider } from '../test/chat/provider-replies';
import { callWith, uploadForm } from '../test/file-upload-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A PDF uploaded through the route, as the chat uploads it. */
async function uploadPdf(user: UserRow, name: string, bytes: Uint8Array): Promise<StoredFileResponse> {
  const res = await callWith('/api/files', {
    method: 'POST',
    body: uploadForm({ name, type: 'application/pdf', bytes }, { endpoint: 'Test' }),
    headers: await authHeader(user),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<StoredFileResponse>();
}

const pdfRef = (file: StoredFileResponse) => ({ file_id: file.file_id, filepath: file.filepath, type: file.type });

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

describe('PDFs sent with a message', () => {
  it('reach the model as their text, every page, like a text file', async () => {
    const user = await createTestUser();
    const pdf = await buildPdf({ pages: [['Minutes of the meeting'], ['Decision: ship on Friday.']], compress: true });
    const file = await uploadPdf(user, 'minutes.pdf', pdf);
    const calls = stubProvider(() => sseResponse(openAIStream(['Friday.'])));
    const result = await send(user, '/api/ask/custom', sendBody({ text: 'When?', files: [pdfRef(file)] }));
    expect(userContents(calls)[0]).toEqual([
      [
        {
          type: 'text',
          text: 'Attached file "minutes.pdf":\n```\nMinutes of the meeting\n\nDecision: ship on Friday.\n```',
        },
        { type: 'text', text: 'When?' },
      ],
    ]);
    const [sent] = finalOf(result).requestMessage.files as Record<string, unknown>[];
    expect(sent).toMatchObject({ file_id: file.file_id, filename: 'minutes.pdf', type: 'application/pdf' });
    expect(sent).not.toHaveProperty('truncated');
  });

  it('are cut to the document budget when longer, and the message says so', async () => {
    const user = await createTestUser();
    const page = Array.from({ length: 50 }, (_, line) => `line ${line} `.padEnd(80, 'w'));
    const file = await uploadPdf(user, 'book.pdf', await buildPdf({ pages: Array(40).fill(page), compress: true }));
    const calls = stubProvider(() => sseResponse(openAIStream(['Long.'])));
    const result = await send(user, '/api/ask/custom', sendBody({ text: 'Summary?', files: [pdfRef(file)] }));
    const [content] = userContents(calls)[0] as { text: string }[][];
    expect(content?.[0]?.text).toContain('Attached file "book.pdf" (only its beginning');
    // The text between the fences: exactly the budget's bytes.
    const body = content?.[0]?.text.split('\n```\n')[1]?.replace(/\n```$/, '') ?? '';
    expect(new TextEncoder().encode(body).byteLength).toBe(DOCUMENT_MAX_BYTES);
    expect(finalOf(result).requestMessage.files).toMatchObject([{ file_id: file.file_id, truncated: true }]);
  });

  it('are shown again in a follow-up while resendFiles is on', async () => {
    const user = await createTestUser();
    const file = await uploadPdf(user, 'plan.pdf', await buildPdf({ pages: [['Plan B']] }));
    const calls = stubProvider(() => sseResponse(openAIStream(['Noted.'])));
    const first = finalOf(await send(user, '/api/ask/custom', sendBody({ text: 'Read', files: [pdfRef(file)] })));
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
      { type: 'text', text: 'Attached file "plan.pdf":\n```\nPlan B\n```' },
      { type: 'text', text: 'Read' },
    ]);
    expect(notResent?.[0]).toBe('Read');
  });

  it('without readable text are attached but give the model nothing to read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = await createTestUser();
    const scan = await uploadPdf(user, 'scan.pdf', await buildPdf({ pages: [[]] }));
    const broken = await uploadPdf(user, 'broken.pdf', corruptPdf());
    const calls = stubProvider(() => sseResponse(openAIStream(['Nothing to read.'])));
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'Read these', files: [pdfRef(scan), pdfRef(broken)] }),
    );
    expect(userContents(calls)[0]).toEqual(['Read these']);
    expect(finalOf(result).requestMessage.files).toMatchObject([
      { file_id: scan.file_id },
      { file_id: broken.file_id },
    ]);
  });

  it('lose their text when the conversation that alone used them is deleted', async () => {
    const user = await createTestUser();
    const file = await uploadPdf(user, 'once.pdf', await buildPdf({ pages: [['Only here']] }));
    stubProvider(() => sseResponse(openAIStream(['Seen.'])));
    const { conversation } = finalOf(
      await send(user, '/api/ask/custom', sendBody({ text: 'Look', files: [pdfRef(file)] })),
    );
    const textKey = pdfTextKey(`users/${user.id}/${file.file_id}`);
    expect(await env.FILES.head(textKey)).not.toBeNull();
    const removed = await callAs(user, '/api/convos', 'DELETE', {
      arg: { conversationId: conversation.conversationId },
    });
    expect(removed.ok).toBe(true);
    expect(await env.FILES.head(`users/${user.id}/${file.file_id}`)).toBeNull();
    expect(await env.FILES.head(textKey)).toBeNull();
  });
});
