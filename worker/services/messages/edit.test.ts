import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../../db/messages';
import { HttpError } from '../../http-error';
import { countTokens } from '../../engine/tokens';
import { computeEdit } from './edit';

function row(content: unknown, extra: Partial<MessageRow> = {}): MessageRow {
  return {
    seq: 1,
    messageId: 'm',
    conversationId: 'c',
    parentMessageId: null,
    sender: 'AI',
    text: 'old',
    isCreatedByUser: 0,
    content: content === null ? null : JSON.stringify(content),
    endpoint: 'openAI',
    model: 'gpt-4o',
    error: 0,
    unfinished: 0,
    finish_reason: null,
    tokenCount: null,
    files: null,
    attachments: null,
    plugin: null,
    plugins: null,
    iconURL: null,
    thread_id: null,
    generation: null,
    clientTimestamp: null,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}

describe('computeEdit', () => {
  it('leaves several text parts alone on a plain edit, keeping the stored JSON as it was', () => {
    const stored = row([
      { type: 'text', text: 'a' },
      { type: 'think', think: 't' },
      { type: 'text', text: 'b' },
    ]);
    const edit = computeEdit(stored, { text: 'new text' });
    expect(edit).toEqual({ text: 'new text', content: stored.content, tokenCount: countTokens('new text', 'gpt-4o') });
  });

  it("edits the assistants' {text: {value}} form by index, as a plain text part", () => {
    const edit = computeEdit(row([{ type: 'text', text: { value: 'old', annotations: [] } }]), {
      text: 'new',
      index: 0,
    });
    expect(JSON.parse(edit.content ?? 'null')).toEqual([{ type: 'text', text: 'new' }]);
    expect(edit.text).toBe('new');
    expect(edit.tokenCount).toBeNull(); // no count to adjust
  });

  it('refuses an index into damaged content as an invalid index', () => {
    expect(() => computeEdit(row(null, { content: '{oops' }), { text: 'x', index: 0 })).toThrow(HttpError);
  });
});
