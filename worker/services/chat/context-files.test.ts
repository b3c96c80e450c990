import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../contract/endpoints';
import type { MessageRecord } from '../../db/runs';
import { estimateMessageTokens } from '../../engine/tokens/messages';
import { DOCUMENT_MAX_BYTES } from '../../contract/files';
import type { PromptFileSource } from './attachments';
import { buildContext } from './context';

const TALL: PromptFileSource = {
  kind: 'image',
  storageKey: 'users/u/tall',
  mimeType: 'image/png',
  width: 2048,
  height: 4096,
};
const doc = (bytes: number): PromptFileSource => ({
  kind: 'document',
  storageKey: 'users/u/notes',
  filename: 'notes.md',
  bytes,
});

function userMessage(id: string, text: string, fileIds: string[]): MessageRecord {
  return {
    messageId: id,
    conversationId: 'c',
    userId: 'u',
    parentMessageId: NO_PARENT,
    sender: 'User',
    text,
    content: null,
    files: fileIds.map((file_id) => ({ file_id, type: 'image/png' })),
    isCreatedByUser: true,
    endpoint: null,
    model: null,
    error: false,
    unfinished: false,
    finish_reason: null,
    tokenCount: null,
    iconURL: null,
    clientTimestamp: null,
    expiredAt: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

describe('buildContext with files', () => {
  it('puts the images after the text and counts them in the budget as vision models bill them', () => {
    const context = buildContext({
      branch: [userMessage('m1', 'What is in this picture?', ['tall', 'unknown'])],
      maxContextTokens: 100_000,
      files: new Map([['tall', TALL]]),
      imageDetail: 'high',
    });
    expect(context.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this picture?' },
          { type: 'stored_image', storageKey: 'users/u/tall', mimeType: 'image/png', detail: 'high' },
        ],
      },
    ]);
    expect(context.promptTokens).toBe(estimateMessageTokens('What is in this picture?') + 1105);
  });

  it('drops an older message whose image no longer fits the budget', () => {
    const older = { ...userMessage('m1', 'Look', ['tall']) };
    const newer = { ...userMessage('m2', 'Still there?', []), parentMessageId: 'm1' };
    const context = buildContext({
      branch: [older, newer],
      maxContextTokens: 1000,
      files: new Map([['tall', TALL]]),
      imageDetail: 'high',
    });
    expect(context.messages).toEqual([{ role: 'user', content: 'Still there?' }]);
    expect(context.dropped).toBe(1);
  });

  it('puts documents before the text, reads a long one only up to its budget, and counts what is read', () => {
    const context = buildContext({
      branch: [userMessage('m1', 'Summarise both', ['short', 'long'])],
      maxContextTokens: 100_000,
      files: new Map([
        ['short', doc(400)],
        ['long', doc(DOCUMENT_MAX_BYTES * 3)],
      ]),
    });
    expect(context.messages[0]?.content).toEqual([
      { type: 'stored_document', storageKey: 'users/u/notes', filename: 'notes.md', maxBytes: 400, truncated: false },
      {
        type: 'stored_document',
        storageKey: 'users/u/notes',
        filename: 'notes.md',
        maxBytes: DOCUMENT_MAX_BYTES,
        truncated: true,
      },
      { type: 'text', text: 'Summarise both' },
    ]);
    expect(context.promptTokens).toBe(
      estimateMessageTokens('Summarise both') + (100 + 20) + (DOCUMENT_MAX_BYTES / 4 + 20),
    );
  });
});
