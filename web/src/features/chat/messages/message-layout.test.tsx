import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import { setChatLayout } from '@/shared/preferences/chat-layout';
import { setChatPreference } from '@/shared/preferences/chat-preferences';
import { MessageView } from './message-view';
import { messageViewProps } from './testing/message-view-props';

vi.mock('@/shared/message/content/rich-text', () => import('./testing/rich-text-stub'));

// The chat settings as stored, not mocked: what the settings dialog writes is what a message reads.
const reply = chatMessage({
  messageId: 'r1',
  isCreatedByUser: false,
  sender: 'GPT-4o',
  text: 'The answer',
  endpoint: 'openAI',
  finish_reason: 'stop',
  content: [
    { type: 'think', think: 'Reasoning here' },
    { type: 'text', text: 'The answer' },
  ],
});

const article = () => screen.getByRole('article', { name: 'GPT-4o' });
/** The element carrying the message text's size: the nearest ancestor of the text with one. */
const textSize = () =>
  within(article())
    .getAllByTestId('markdown')
    .at(-1)
    ?.closest('[class*="text-xs"],[class*="text-sm"],[class*="text-base"],[class*="text-lg"],[class*="text-xl"]')
    ?.className.match(/\btext-(xs|sm|base|lg|xl)\b/)?.[0];

describe('message rows follow the chat settings', () => {
  it('set the message text in the chosen size, and change it live', () => {
    render(<MessageView {...messageViewProps(reply)} />);
    expect(textSize()).toBe('text-base');
    act(() => setChatLayout('fontSize', 'text-xl'));
    expect(textSize()).toBe('text-xl');
    act(() => setChatLayout('fontSize', 'text-xs'));
    expect(textSize()).toBe('text-xs');
  });

  it('keep a reading width unless the chat space is maximized', () => {
    render(<MessageView {...messageViewProps(reply)} />);
    expect(article()).toHaveClass('max-w-3xl');
    act(() => setChatLayout('maximizeChatSpace', true));
    expect(article()).not.toHaveClass('max-w-3xl');
  });

  it('open thinking sections from the start when “show thinking” is on, closed otherwise', () => {
    const closed = render(<MessageView {...messageViewProps(reply)} />);
    expect(screen.getByRole('button', { name: 'Thoughts' })).toHaveAttribute('aria-expanded', 'false');
    closed.unmount();

    setChatPreference('showThinking', true);
    render(<MessageView {...messageViewProps(reply)} />);
    expect(screen.getByRole('button', { name: 'Thoughts' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Reasoning here')).toBeVisible();
  });
});
