import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../contract/messages';
import { NO_PARENT } from '../contract/endpoints';
import { searchMessages } from '../db/search';
import type { UserRow } from '../db/users';
import type { EnvVars } from '../env';
import chatbotUi from '../services/import/fixtures/chatbot-ui-export.json';
import chatgpt from '../services/import/fixtures/chatgpt-conversations.json';
import libreTree from '../services/import/fixtures/librechat-tree.json';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_MESSAGES } from '../services/import/limits';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import type { ImportResponse } from '../contract/convos';

type Vars = EnvVars & Record<string, string>;

/** Uploads `content` as LibreChat's client does: multipart `file`, the name URL-encoded. */
async function upload(
  user: UserRow | null,
  content: string | Blob,
  fileName = 'export.json',
  vars: Vars = {},
  ip?: string,
): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([content], encodeURIComponent(fileName), { type: 'application/json' }));
  const headers: Record<string, string> = user ? await authHeader(user) : {};
  if (ip) headers['cf-connecting-ip'] = ip;
  return callApp('/api/convos/import', { method: 'POST', headers, body: form }, vars);
}

async function importJson(user: UserRow, data: unknown): Promise<ImportResponse> {
  const res = await upload(user, JSON.stringify(data));
  if (res.status !== 201) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  return res.json<ImportResponse>();
}

interface ConversationRow {
  conversationId: string;
  title: string;
  endpoint: string | null;
  model: string | null;
  isTemporary: number;
  isArchived: number;
  expiredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

async function conversationsOf(userId: string): Promise<ConversationRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT conversationId, title, endpoint, model, isTemporary, isArchived, expiredAt, createdAt, updatedAt FROM conversations WHERE userId = ?1 ORDER BY createdAt',
  )
    .bind(userId)
    .all<ConversationRow>();
  return results;
}

async function messagesOf(user: UserRow, conversationId: string): Promise<StoredMessage[]> {
  const res = await callApp(`/api/messages/${conversationId}`, { headers: await authHeader(user) });
  expect(res.status).toBe(200);
  return res.json<StoredMessage[]>();
}

async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

describe('POST /api/convos/import', () => {
  it('imports a ChatGPT export: every conversation, both branches, dates kept, hidden nodes left out', async () => {
    const user = await createTestUser();
    const body = await importJson(user, chatgpt);
    expect(body).toEqual({
      message: 'Conversation(s) imported successfully',
      imported: 2,
      skipped: 0,
      messages: { imported: 5, skipped: 4 },
      reasons: [],
    });

    const rows = await conversationsOf(user.id);
    expect(
      rows.map((row) => [
        row.title,
        row.endpoint,
        row.model,
        row.isTemporary,
        row.isArchived,
        row.expiredAt,
        row.createdAt,
        row.updatedAt,
      ]),
    ).toEqual([
      ['Reverse a list in Python', 'openAI', 'gpt-4o', 0, 0, null, 1714000000123, 1714000300500],
      ['Weather in Lisbon', 'openAI', 'gpt-4o', 0, 0, null, 1715000000000, 1715000100000],
    ]);
    // Fresh ids, never the file's.
    expect(rows.map((row) => row.conversationId)).not.toContain('6630a1b2-0000-4000-8000-000000000001');

    const messages = await messagesOf(user, rows[0]?.conversationId ?? '');
    const question = messages.find((m) => m.isCreatedByUser);
    expect(question).toMatchObject({
      text: 'How do I reverse a list in Python?',
      parentMessageId: NO_PARENT,
      sender: 'User',
      createdAt: '2024-04-24T23:06:50.250Z',
    });
    const answers = messages.filter((m) => !m.isCreatedByUser);
    expect(answers.map((m) => [m.parentMessageId, m.model, m.endpoint])).toEqual([
      [question?.messageId, 'gpt-4o', 'openAI'],
      [question?.messageId, 'gpt-4o', 'openAI'],
    ]);
    expect(messages.map((m) => m.messageId)).not.toContain('aaa3-user');
  });

  it('makes imported messages and titles searchable for their owner only', async () => {
    const user = await createTestUser();
    const stranger = await createTestUser();
    await importJson(user, chatgpt);
    const page = await searchMessages(env.DB, user.id, 'Lisbon', { limit: 10 });
    expect(page.results.map((hit) => hit.kind).sort()).toEqual(['conversation', 'message', 'message']);
    expect((await searchMessages(env.DB, stranger.id, 'Lisbon', { limit: 10 })).results).toEqual([]);
  });

  it('imports a LibreChat tree export with its branches, content parts and endpoint', async () => {
    const user = await createTestUser();
    const body = await importJson(user, libreTree);
    expect(body).toMatchObject({ imported: 1, skipped: 0, messages: { imported: 5, skipped: 0 } });
    const [row] = await conversationsOf(user.id);
    expect(row).toMatchObject({
      title: 'Haiku about the sea',
      endpoint: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      createdAt: Date.parse('2025-03-01T14:00:00.000Z'),
    });

    const convo = await callApp(`/api/convos/${row?.conversationId}`, { headers: await authHeader(user) });
    expect(convo.status).toBe(200);
    expect(await convo.json()).toMatchObject({ title: 'Haiku about the sea', user: user.id, isArchived: false });

    const messages = await messagesOf(user, row?.conversationId ?? '');
    const root = messages.find((m) => m.parentMessageId === NO_PARENT);
    expect(messages.filter((m) => m.parentMessageId === root?.messageId)).toHaveLength(2);
    const withParts = messages.find((m) => m.content);
    expect(withParts?.content?.map((part) => part.type)).toEqual(['think', 'text']);
    expect(messages.find((m) => m.text === 'Endless blue expanse')?.unfinished).toBe(true);
    // The answer with content parts only is found by its text part.
    const page = await searchMessages(env.DB, user.id, 'Granite shoulders', { limit: 10 });
    expect(page.results.map((hit) => hit.messageId)).toEqual([withParts?.messageId]);
  });

  it('imports the valid part of a chatbot-ui file and counts what it left out', async () => {
    const user = await createTestUser();
    const body = await importJson(user, chatbotUi);
    expect(body).toEqual({
      message: 'Conversation(s) imported successfully',
      imported: 1,
      skipped: 1,
      messages: { imported: 4, skipped: 0 },
      reasons: ['Conversation 2 has no "messages" list.'],
    });
    const [row] = await conversationsOf(user.id);
    const messages = await messagesOf(user, row?.conversationId ?? '');
    // A single chain, in order.
    for (let i = 1; i < messages.length; i++) expect(messages[i]?.parentMessageId).toBe(messages[i - 1]?.messageId);
    expect(messages.map((m) => m.sender)).toEqual(['User', 'GPT-4', 'User', 'GPT-4']);
  });

  it('keeps every message of a parent cycle, cut into a tree', async () => {
    const user = await createTestUser();
    const messages = ['a', 'b', 'c'].map((id, index, all) => ({
      messageId: id,
      parentMessageId: all[(index + 2) % 3],
      text: `cycle ${id}`,
      isCreatedByUser: index % 2 === 0,
    }));
    const body = await importJson(user, { conversationId: 'loop', title: 'Loop', endpoint: 'openAI', messages });
    expect(body).toMatchObject({ imported: 1, messages: { imported: 3, skipped: 0 } });
    const [row] = await conversationsOf(user.id);
    const stored = await messagesOf(user, row?.conversationId ?? '');
    expect(stored.filter((m) => m.parentMessageId === NO_PARENT)).toHaveLength(1);
  });

  it('imports a conversation larger than one statement holds, in chunks', async () => {
    const user = await createTestUser();
    const history = [
      {
        name: 'Long',
        messages: Array.from({ length: 250 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` })),
      },
    ];
    expect(await importJson(user, { version: 4, history })).toMatchObject({
      imported: 1,
      messages: { imported: 250, skipped: 0 },
    });
    const [row] = await conversationsOf(user.id);
    const stored = await messagesOf(user, row?.conversationId ?? '');
    expect(stored.map((m) => m.text)).toEqual(Array.from({ length: 250 }, (_, i) => `turn ${i}`));
  });

  it('imports a LibreChat tree nested 10,000 levels deep as one chain', async () => {
    const user = await createTestUser();
    let nested = '';
    for (let i = 0; i < 10_000; i++)
      nested += `{"messageId":"d${i}","text":"depth ${i}","isCreatedByUser":${i % 2 === 0},"children":[`;
    nested += ']}'.repeat(10_000);
    const res = await upload(
      user,
      `{"conversationId":"deep","title":"Deep","endpoint":"openAI","recursive":true,"messages":[${nested}]}`,
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ imported: 1, messages: { imported: 10_000, skipped: 0 } });
    const [row] = await conversationsOf(user.id);
    const stored = await messagesOf(user, row?.conversationId ?? '');
    expect(stored).toHaveLength(10_000);
    expect(stored[9_999]).toMatchObject({ text: 'depth 9999', parentMessageId: stored[9_998]?.messageId });
  });

  it('gives the conversation to the caller only', async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    await importJson(owner, libreTree);
    const [row] = await conversationsOf(owner.id);
    expect(await conversationsOf(stranger.id)).toEqual([]);
    const res = await callApp(`/api/convos/${row?.conversationId}`, { headers: await authHeader(stranger) });
    expect(res.status).toBe(404);
  });

  it('accepts a file over the global 1 MB JSON body limit', async () => {
    const user = await createTestUser();
    const long = 'x'.repeat(100_000);
    const history = [
      {
        name: 'Big',
        messages: Array.from({ length: 15 }, (_, i) => ({
          role: i % 2 ? 'assistant' : 'user',
          content: `${i} ${long}`,
        })),
      },
    ];
    const content = JSON.stringify({ version: 4, history });
    expect(content.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(user, content);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ imported: 1, messages: { imported: 15, skipped: 0 } });
  });

  it('accepts a URL-encoded file name with spaces', async () => {
    const user = await createTestUser();
    expect((await upload(user, JSON.stringify(libreTree), 'my chats (1).json')).status).toBe(201);
  });
});

describe('POST /api/convos/import refusals', () => {
  it('answers 401 without a token, before reading anything', async () => {
    const res = await upload(null, JSON.stringify(chatgpt));
    expect(res.status).toBe(401);
  });

  it.each([
    ['a file that is not JSON', 'hello, world', 'export.json', 'The file is not valid JSON.'],
    ['a file that is not .json', JSON.stringify(chatgpt), 'export.txt', 'Only .json files can be imported.'],
    ['an empty file', '', 'export.json', 'The file is empty.'],
    [
      'JSON of an unknown shape',
      '{"chats": []}',
      'export.json',
      'Unsupported import format: expected a LibreChat export, a ChatGPT conversations.json or a chatbot-ui export.',
    ],
    [
      'a file whose messages are all empty',
      JSON.stringify({ version: 4, history: [{ name: 'Empty', messages: [{ role: 'user', content: '' }] }] }),
      'e.json',
      'Nothing could be imported: Conversation "Empty" has no message to import.',
    ],
    [
      'wrong types everywhere',
      JSON.stringify({ conversationId: 1, title: 2, messages: [3, null, [4]] }),
      'w.json',
      'Nothing could be imported: Conversation "Imported Chat" has no message to import.',
    ],
  ])('answers 400 to %s, and stores nothing', async (_name, content, fileName, message) => {
    const user = await createTestUser();
    const res = await upload(user, content, fileName);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await conversationsOf(user.id)).toEqual([]);
  });

  it('answers 400 to a form without the file field, and to a JSON body', async () => {
    const user = await createTestUser();
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await callApp('/api/convos/import', { method: 'POST', headers: await authHeader(user), body: form });
    expect(noFile.status).toBe(400);
    const json = await callApp('/api/convos/import', {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it(`answers 413 to more than ${IMPORT_MAX_MESSAGES} messages and stores none of them`, async () => {
    const user = await createTestUser();
    const messages = Array.from({ length: IMPORT_MAX_MESSAGES + 1 }, (_, i) => ({ role: 'user', content: `m${i}` }));
    const res = await upload(
      user,
      JSON.stringify({
        version: 4,
        history: [
          { name: 'a', messages: messages.slice(0, 10) },
          { name: 'b', messages: messages.slice(10) },
        ],
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'import_too_large' });
    expect(await conversationsOf(user.id)).toEqual([]);
  });

  it('answers 413 from Content-Length alone, before the body is read', async () => {
    const user = await createTestUser();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 4) controller.close();
      },
    });
    const res = await callApp('/api/convos/import', {
      method: 'POST',
      headers: {
        ...(await authHeader(user)),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(IMPORT_MAX_FILE_BYTES * 2),
      },
      body,
      // @ts-expect-error -- workerd's RequestInit accepts `duplex` for streamed bodies.
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 413 to a streamed body without Content-Length once it passes the bound', async () => {
    const user = await createTestUser();
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > IMPORT_MAX_FILE_BYTES * 2) {
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await callApp('/api/convos/import', {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'multipart/form-data; boundary=x' },
      body,
    });
    expect(res.status).toBe(413);
    // Stopped near the bound, not after reading the whole stream.
    expect(sent).toBeLessThan(IMPORT_MAX_FILE_BYTES + 4 * chunk.length);
  });

  it('limits imports per user with LibreChat variables, answering 429 with Retry-After', async () => {
    const user = await createTestUser();
    const vars: Vars = { IMPORT_USER_MAX: '2', IMPORT_USER_WINDOW: '15', BAN_VIOLATIONS: 'false' };
    const content = JSON.stringify(libreTree);
    expect((await upload(user, content, 'a.json', vars)).status).toBe(201);
    // A refused file still counts: parsing is the cost being limited.
    expect((await upload(user, 'not json', 'b.json', vars)).status).toBe(400);
    const limited = await upload(user, content, 'c.json', vars);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'file_upload_limit' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await conversationsOf(user.id)).toHaveLength(1);
    // Another user is counted separately.
    expect((await upload(await createTestUser(), content, 'd.json', vars)).status).toBe(201);
  });

  it('limits imports per client IP too (IMPORT_IP_MAX), whoever is signed in', async () => {
    const vars: Vars = { IMPORT_IP_MAX: '1', BAN_VIOLATIONS: 'false' };
    const content = JSON.stringify(libreTree);
    expect((await upload(await createTestUser(), content, 'a.json', vars, '198.51.100.23')).status).toBe(201);
    const limited = await upload(await createTestUser(), content, 'b.json', vars, '198.51.100.23');
    expect(limited.status).toBe(429);
    expect((await upload(await createTestUser(), content, 'c.json', vars, '198.51.100.24')).status).toBe(201);
  });
});
