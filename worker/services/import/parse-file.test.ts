import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { ImportBudget } from './budget';
import chatbotUi from './fixtures/chatbot-ui-export.json';
import chatgpt from './fixtures/chatgpt-conversations.json';
import libreFlat from './fixtures/librechat-flat.json';
import libreTree from './fixtures/librechat-tree.json';
import { parseImportFile, parseJsonText, UNSUPPORTED_FORMAT_MESSAGE } from './parse-file';
import { normaliseTree } from './tree';
import type { ParsedConversation } from './types';

/** Kept texts → parent text ('root' for a root), after normalisation. */
function shape(conversation: ParsedConversation | undefined): Record<string, string> {
  const { messages } = normaliseTree(conversation?.nodes ?? [], 0);
  const textOf = new Map(messages.map((m) => [m.messageId, m.message.text]));
  return Object.fromEntries(messages.map((m) => [m.message.text, textOf.get(m.parentMessageId) ?? 'root']));
}

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ChatGPT conversations.json', () => {
  const parsed = parseImportFile(chatgpt);

  it('is recognised and keeps every conversation with its title, dates and model', () => {
    expect(parsed.format).toBe('chatgpt');
    expect(parsed.conversations.map((c) => [c.title, c.createdAt, c.updatedAt, c.model])).toEqual([
      ['Reverse a list in Python', 1714000000123, 1714000300500, 'gpt-4o'],
      ['Weather in Lisbon', 1715000000000, 1715000100000, 'gpt-4o'],
    ]);
  });

  it('keeps both branches and skips the hidden system node without breaking the chain', () => {
    expect(shape(parsed.conversations[0])).toEqual({
      'How do I reverse a list in Python?': 'root',
      'Use slicing: `items[::-1]` returns a reversed copy.': 'How do I reverse a list in Python?',
      'Call `items.reverse()` to reverse it in place.': 'How do I reverse a list in Python?',
    });
    expect(parsed.conversations[0]?.skippedMessages).toBe(1);
  });

  it('skips tool calls, tool output and image-only messages, linking the answer to the question', () => {
    expect(shape(parsed.conversations[1])).toEqual({
      'What is the weather like in Lisbon today?': 'root',
      'It is sunny in Lisbon today, around 24°C.': 'What is the weather like in Lisbon today?',
    });
    expect(parsed.conversations[1]?.skippedMessages).toBe(3);
  });

  it('skips an entry that is not a conversation and says why', () => {
    const mixed = parseImportFile([...chatgpt, { title: 'no mapping' }, 7]);
    expect(mixed.conversations).toHaveLength(2);
    expect(mixed.skipped.map((s) => s.reason)).toEqual([
      'Conversation 3 is not a ChatGPT conversation (no "mapping" object).',
      'Conversation 4 is not a ChatGPT conversation (no "mapping" object).',
    ]);
  });
});

describe('LibreChat export', () => {
  it('reads a recursive tree by its nesting, keeps text and think parts and drops foreign files', () => {
    const parsed = parseImportFile(libreTree);
    expect(parsed.format).toBe('librechat');
    const [conversation] = parsed.conversations;
    expect(conversation).toMatchObject({
      title: 'Haiku about the sea',
      endpoint: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      createdAt: Date.parse('2025-03-01T14:00:00.000Z'),
    });
    expect(shape(conversation)).toEqual({
      'Write a haiku about the sea.': 'root',
      'Grey waves fold and break\nsalt wind carries gull voices\nthe tide keeps its time':
        'Write a haiku about the sea.',
      'Now one about mountains.': 'Grey waves fold and break\nsalt wind carries gull voices\nthe tide keeps its time',
      '': 'Now one about mountains.',
      'Endless blue expanse': 'Write a haiku about the sea.',
    });
    const withParts = conversation?.nodes.find((n) => n.message?.content);
    expect(withParts?.message?.content?.map((part) => part.type)).toEqual(['think', 'text']);
    expect(conversation?.nodes.find((n) => n.message?.text === 'Endless blue expanse')?.message?.unfinished).toBe(true);
  });

  it('reads a flat list by parentMessageId; a missing parent makes a root, junk is skipped', () => {
    const parsed = parseImportFile(libreFlat);
    const [conversation] = parsed.conversations;
    expect(shape(conversation)).toEqual({
      'Hello there': 'root',
      'General Kenobi!': 'Hello there',
      'An orphan whose parent was not exported': 'root',
    });
    // "not a message" and the message whose text is a number.
    expect(conversation?.skippedMessages).toBe(2);
    expect(conversation?.model).toBe('gpt-4o-mini');
  });

  it('walks a tree nested 10,000 levels deep without recursion', () => {
    let json = '';
    for (let i = 0; i < 10_000; i++) json += `{"messageId":"m${i}","text":"level ${i}","children":[`;
    json += ']}'.repeat(10_000);
    const parsed = parseImportFile(parseJsonText(`{"conversationId":"x","recursive":true,"messages":[${json}]}`));
    const { messages } = normaliseTree(parsed.conversations[0]?.nodes ?? [], 0);
    expect(messages).toHaveLength(10_000);
    expect(messages[9_999]?.parentMessageId).toBe(messages[9_998]?.messageId);
  });
});

describe('chatbot-ui export', () => {
  it('turns each history entry into a chain and reports the broken one', () => {
    const parsed = parseImportFile(chatbotUi);
    expect(parsed.format).toBe('chatbot-ui');
    expect(parsed.conversations.map((c) => [c.title, c.model])).toEqual([['Explain recursion', 'gpt-4']]);
    expect(shape(parsed.conversations[0])).toEqual({
      'Explain recursion in one sentence.': 'root',
      'Recursion is when a function solves a problem by calling itself on a smaller piece of it.':
        'Explain recursion in one sentence.',
      'And tail recursion?':
        'Recursion is when a function solves a problem by calling itself on a smaller piece of it.',
      'Tail recursion is recursion where the recursive call is the very last thing the function does.':
        'And tail recursion?',
    });
    expect(parsed.conversations[0]?.nodes[1]?.message?.sender).toBe('GPT-4');
    expect(parsed.skipped).toEqual([{ reason: 'Conversation 2 has no "messages" list.' }]);
  });
});

describe('refused files', () => {
  it('refuses text that is not JSON', () => {
    expect(refusal(() => parseJsonText('{"conversationId": '))).toMatchObject({
      status: 400,
      message: 'The file is not valid JSON.',
    });
  });

  it('accepts a byte-order mark', () => {
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ a: 1 });
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an empty array', []],
    ['an object of another app', { chats: [] }],
    ['a LibreChat export whose messages is not a list', { conversationId: 'x', messages: 'nope' }],
  ])('refuses %s as an unsupported format', (_name, data) => {
    expect(refusal(() => parseImportFile(data))).toMatchObject({ status: 400, message: UNSUPPORTED_FORMAT_MESSAGE });
  });

  it('refuses more messages than the bound, counting skipped ones too', () => {
    const messages = Array.from({ length: 5 }, () => ({ role: 'system', content: 'x' }));
    const error = refusal(() =>
      parseImportFile({ version: 4, history: [{ name: 'a', messages }] }, new ImportBudget(4, 10)),
    );
    expect(error).toMatchObject({ status: 413, code: 'import_too_large' });
    expect(error.message).toContain('more than 4 messages');
  });

  it('refuses more conversations than the bound before walking them', () => {
    const error = refusal(() =>
      parseImportFile([{ mapping: {} }, { mapping: {} }, { mapping: {} }], new ImportBudget(100, 2)),
    );
    expect(error).toMatchObject({ status: 413, code: 'import_too_large' });
    expect(error.message).toContain('more than 2 conversations');
  });
});
