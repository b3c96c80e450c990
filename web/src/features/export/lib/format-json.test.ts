import { describe, expect, it } from 'vitest';
import { messageChain } from '@/shared/conversation/tree/testing/chat-message';
import { source } from '../testing/export-fixtures';
import { nestedMessages } from './export-messages';
import { buildJsonExport, formatJson, stringifyForest } from './format-json';

const ids = (list: readonly { messageId: string }[] | undefined) => (list ?? []).map((message) => message.messageId);

describe('JSON export (LibreChat format)', () => {
  it('nests all branches under messagesTree when recursive', () => {
    const data = buildJsonExport(source, { includeOptions: true, exportBranches: true, recursive: true });
    expect(data).toMatchObject({
      conversationId: 'convo-1',
      endpoint: 'openAI',
      title: 'Trip, "plans"',
      branches: true,
      recursive: true,
    });
    expect(data.messages).toBeUndefined();
    expect(ids(data.messagesTree)).toEqual(['q1']);
    expect(ids(data.messagesTree?.[0]?.children)).toEqual(['r1', 'r1b']);
    expect(data.options).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 });
    expect(data.options).not.toHaveProperty('user');
    expect(data.options).not.toHaveProperty('conversationId');
  });

  it('lists messages flat, each naming its parent, when sequential', () => {
    const data = buildJsonExport(source, { includeOptions: false, exportBranches: true, recursive: false });
    expect(data.messagesTree).toBeUndefined();
    expect(data.options).toBeUndefined();
    expect(data.messages?.map((message) => [message.messageId, message.parentMessageId])).toEqual([
      ['q1', '00000000-0000-0000-0000-000000000000'],
      ['r1', 'q1'],
      ['r1b', 'q1'],
      ['q2', 'r1b'],
    ]);
    expect(data.messages?.some((message) => 'children' in message)).toBe(false);
  });

  it('keeps only the current branch without branches', () => {
    expect(
      ids(buildJsonExport(source, { includeOptions: false, exportBranches: false, recursive: false }).messages),
    ).toEqual(['q1', 'r1b', 'q2']);
  });

  it('writes what the import route recognises as a LibreChat export', () => {
    const parsed = JSON.parse(
      formatJson(source, { includeOptions: true, exportBranches: true, recursive: true }),
    ) as Record<string, unknown>;
    // worker/services/import/parse-librechat.ts `isLibreChatExport`.
    expect('conversationId' in parsed && Array.isArray(parsed.messagesTree)).toBe(true);
  });

  it('writes the nested tree exactly as JSON.stringify would', () => {
    const forest = nestedMessages(source.messages, true);
    expect(stringifyForest(forest)).toBe(JSON.stringify(forest));
    expect(stringifyForest([])).toBe('[]');
    const text = formatJson(source, { includeOptions: true, exportBranches: true, recursive: true });
    expect(JSON.parse(text)).toEqual(
      JSON.parse(
        JSON.stringify(buildJsonExport({ ...source }, { includeOptions: true, exportBranches: true, recursive: true })),
      ),
    );
  });

  it('writes a conversation nested thousands of levels deep, where JSON.stringify overflows', () => {
    const chain = { ...source, messages: messageChain(5_000) };
    const text = formatJson(chain, { includeOptions: false, exportBranches: false, recursive: true });
    let depth = 0;
    for (
      let node = (JSON.parse(text) as { messagesTree: { children: unknown[] }[] }).messagesTree[0];
      node;
      node = node.children[0] as typeof node
    )
      depth += 1;
    expect(depth).toBe(5_000);
  });
});
