import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { at, chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import { mockFeedLayout } from '@/testing/layout-mock';
import { MessageList } from './message-list';

vi.mock('@/shared/message/content/rich-text', () => import('./testing/rich-text-stub'));
vi.mock('@/shared/preferences/chat-preferences', () => ({
  useChatPreferences: () => ({ enterToSend: true, showThinking: true, saveDrafts: true, set: () => {} }),
}));

let layout: ReturnType<typeof mockFeedLayout>;
beforeEach(() => {
  layout = mockFeedLayout();
});
afterEach(() => layout.restore());

const noop = () => {};

describe('MessageList accessibility', () => {
  it('has no axe violations with siblings, thinking, a tool call, an error and an open editor', async () => {
    const messages = [
      chatMessage({ messageId: 'q', text: 'Question', endpoint: 'openAI', createdAt: at(0) }),
      chatMessage({
        messageId: 'r0',
        parentMessageId: 'q',
        isCreatedByUser: false,
        text: 'Old',
        endpoint: 'openAI',
        createdAt: at(1),
      }),
      chatMessage({
        messageId: 'r1',
        parentMessageId: 'q',
        isCreatedByUser: false,
        text: 'Answer',
        endpoint: 'openAI',
        finish_reason: 'length',
        createdAt: at(2),
        content: [
          { type: 'think', think: 'Reasoning' },
          { type: 'tool_call', tool_call: { name: 'search', args: '{}', output: 'ok', progress: 1 } },
          { type: 'text', text: 'Answer' },
        ],
      }),
      chatMessage({ messageId: 'q2', parentMessageId: 'r1', text: 'Again', endpoint: 'openAI', createdAt: at(3) }),
      chatMessage({
        messageId: 'e',
        parentMessageId: 'q2',
        isCreatedByUser: false,
        error: true,
        text: '{"type":"no_user_key"}',
        createdAt: at(4),
      }),
    ];
    const { container, getAllByRole } = render(
      <main>
        <h1>Chat</h1>
        <MessageList
          messages={messages}
          isSubmitting={false}
          conversationKey="c"
          actions={{ onEditSubmit: noop, onSaveEdit: noop, onRegenerate: noop, onContinue: noop }}
        />
      </main>,
    );
    await act(async () => {});
    act(() => getAllByRole('button', { name: 'Edit' })[0]!.click());
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
    ).toEqual([]);
  });
});
