import { describe, expect, it } from 'vitest';
import { chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import { source } from '../testing/export-fixtures';
import { formatMarkdown, formatText } from './format-document';

describe('formatMarkdown', () => {
  it('writes the header, options and the current branch, noting errors and unfinished replies', () => {
    expect(formatMarkdown(source, { includeOptions: true })).toBe(
      [
        '# Conversation',
        '- conversationId: convo-1',
        '- endpoint: openAI',
        '- title: Trip, "plans"',
        '- exportAt: 2025-02-03T04:05:06.000Z',
        '',
        '## Options',
        '- title: Trip, "plans"',
        '- endpoint: openAI',
        '- model: gpt-4o',
        '- temperature: 0.5',
        '',
        '## History',
        '**User**',
        'Where, when?',
        '',
        '',
        '**GPT-4o**',
        'Line one',
        'Line "two"',
        '*(This is an unfinished message)*',
        '',
        '',
        '**User**',
        'Thanks',
        '*(This is an error message)*',
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('leaves the options out unless asked', () => {
    expect(formatMarkdown(source, { includeOptions: false })).not.toContain('## Options');
  });

  it('writes content parts under their own headings', () => {
    const reply = chatMessage({
      messageId: 'r',
      isCreatedByUser: false,
      sender: 'Claude',
      text: '',
      content: [
        { type: 'think', think: 'Hmm' },
        { type: 'text', text: 'Answer' },
        { type: 'error', error: 'Boom' },
      ],
    });
    const markdown = formatMarkdown({ ...source, messages: [reply] }, { includeOptions: false });
    expect(markdown).toContain('**Claude**\nHmm\n\n\n**Claude**\nAnswer\n\n\n**error**\nBoom\n');
  });
});

describe('formatText', () => {
  it('underlines headings and marks senders with >>', () => {
    const text = formatText(source, { includeOptions: false });
    expect(text.startsWith('Conversation\n########################\nconversationId: convo-1\n')).toBe(true);
    expect(text).toContain(
      '\nHistory\n########################\n>> User:\nWhere, when?\n\n\n>> GPT-4o:\nLine one\nLine "two"\n(This is an unfinished message)\n',
    );
    expect(text).toContain('>> User:\nThanks\n(This is an error message)\n');
    expect(text).not.toContain('Old answer');
  });
});
