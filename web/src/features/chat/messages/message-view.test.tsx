import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import type { ChatMessage } from '@/shared/conversation/types';
import { MessageView } from './message-view';
import { controllerSpies, messageViewProps } from './testing/message-view-props';

vi.mock('@/shared/message/content/rich-text', () => import('./testing/rich-text-stub'));

const preferences = vi.hoisted(() => ({ showThinking: false }));
vi.mock('@/shared/preferences/chat-preferences', () => ({
  useChatPreferences: () => ({
    enterToSend: true,
    showThinking: preferences.showThinking,
    saveDrafts: true,
    set: () => {},
  }),
}));

const reply = (overrides: Partial<ChatMessage> = {}) =>
  chatMessage({
    messageId: 'r1',
    isCreatedByUser: false,
    sender: 'GPT-4o',
    text: 'The answer',
    endpoint: 'openAI',
    finish_reason: 'stop',
    ...overrides,
  });
const question = (overrides: Partial<ChatMessage> = {}) =>
  chatMessage({ messageId: 'q1', text: 'A question', endpoint: 'openAI', ...overrides });

afterEach(() => {
  vi.useRealTimers();
  preferences.showThinking = false;
});

describe('MessageView content', () => {
  it('shows the user’s message as plain text under their name, inside a labelled article', () => {
    render(<MessageView {...messageViewProps(question(), { senderName: 'Ada' })} />);
    const article = screen.getByRole('article', { name: 'Ada' });
    expect(within(article).getByTestId('plain-text')).toHaveTextContent('A question');
    expect(within(article).queryByTestId('markdown')).not.toBeInTheDocument();
  });

  it('shows a reply without content parts as markdown', () => {
    render(<MessageView {...messageViewProps(reply())} />);
    expect(screen.getByRole('article', { name: 'GPT-4o' })).toBeInTheDocument();
    expect(screen.getByTestId('markdown')).toHaveTextContent('The answer');
    expect(screen.getByTestId('markdown')).toHaveAttribute('data-streaming', 'false');
  });

  it('streams: markdown draws the cursor after text, our cursor stands in when there is no text yet', () => {
    const { rerender } = render(
      <MessageView {...messageViewProps(reply({ text: '' }), { isStreaming: true, isSubmitting: true })} />,
    );
    expect(screen.getByTestId('streaming-cursor')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true');

    rerender(
      <MessageView {...messageViewProps(reply({ text: 'Partial' }), { isStreaming: true, isSubmitting: true })} />,
    );
    expect(screen.getByTestId('markdown')).toHaveAttribute('data-streaming', 'true');
    expect(screen.queryByTestId('streaming-cursor')).not.toBeInTheDocument();

    rerender(<MessageView {...messageViewProps(reply({ text: 'Partial' }))} />);
    expect(screen.getByTestId('markdown')).toHaveAttribute('data-streaming', 'false');
    expect(screen.getByRole('article')).not.toHaveAttribute('aria-busy');
  });

  it('renders content parts in order: thinking, text, tool call, image', () => {
    const message = reply({
      text: 'Final',
      content: [
        { type: 'think', think: 'Let me think' },
        { type: 'text', text: 'Final' },
        { type: 'tool_call', tool_call: { name: 'web_search', args: '{"q":"x"}', output: 'ok', progress: 1 } },
        { type: 'image_url', image_url: { url: 'https://cdn.example/cat.png' } },
      ],
    });
    render(<MessageView {...messageViewProps(message)} />);
    expect(screen.getByRole('button', { name: 'Thoughts' })).toBeInTheDocument();
    expect(screen.getAllByTestId('markdown').map((node) => node.textContent)).toEqual(['Final']);
    expect(screen.getByText('Ran web_search')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', 'https://cdn.example/cat.png');
  });

  it('shows our cursor after a streaming tool call, where markdown has none', () => {
    const message = reply({
      text: '',
      content: [{ type: 'tool_call', tool_call: { name: 'calc', args: '1+1', progress: 0.1 } }],
    });
    render(<MessageView {...messageViewProps(message, { isStreaming: true, isSubmitting: true })} />);
    expect(screen.getByTestId('streaming-cursor')).toBeInTheDocument();
    expect(screen.getByText('Running calc…')).toBeInTheDocument();
  });

  it('shows an error reply in words, not its raw JSON', () => {
    render(<MessageView {...messageViewProps(reply({ error: true, text: '{"type":"ban"}' }))} />);
    expect(
      screen.getByText('Your account has been temporarily banned due to violations of our service.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('markdown')).not.toBeInTheDocument();
  });
});

describe('thinking section', () => {
  it('starts closed when the setting is off, and opens on demand', () => {
    render(
      <MessageView
        {...messageViewProps(
          reply({
            content: [
              { type: 'think', think: 'Reasoning here' },
              { type: 'text', text: 'x' },
            ],
          }),
        )}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Thoughts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Reasoning here')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Reasoning here')).toBeVisible();
  });

  it('starts open when the setting is on', () => {
    preferences.showThinking = true;
    render(<MessageView {...messageViewProps(reply({ content: [{ type: 'think', think: 'Reasoning here' }] }))} />);
    expect(screen.getByRole('button', { name: 'Thoughts' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Reasoning here')).toBeVisible();
  });
});

describe('tool calls', () => {
  const withCall = (toolCall: Record<string, unknown>) =>
    reply({ text: '', content: [{ type: 'tool_call', tool_call: { name: 'search', ...toolCall } }] });

  it('is in progress while the reply streams, and failed once it stopped short', () => {
    const message = withCall({ progress: 0.5 });
    const { rerender } = render(
      <MessageView {...messageViewProps(message, { isStreaming: true, isSubmitting: true })} />,
    );
    expect(screen.getByText('Running search…').closest('[data-state]')).toHaveAttribute('data-state', 'in_progress');
    rerender(<MessageView {...messageViewProps(message)} />);
    expect(screen.getByText('search did not finish').closest('[data-state]')).toHaveAttribute('data-state', 'failed');
  });

  it('shows an error for progress 2 and for an output that reports one', () => {
    const { rerender } = render(<MessageView {...messageViewProps(withCall({ progress: 2 }))} />);
    expect(screen.getByText('Error running search')).toBeInTheDocument();
    rerender(
      <MessageView {...messageViewProps(withCall({ progress: 1, output: 'Error processing tool search: 500' }))} />,
    );
    expect(screen.getByText('Error running search')).toBeInTheDocument();
  });

  it('shows input and output behind a disclosure once finished', () => {
    render(<MessageView {...messageViewProps(withCall({ progress: 1, args: '{"q":"cats"}', output: '3 results' }))} />);
    expect(screen.getByText('Ran search')).toBeInTheDocument();
    // JSON arguments are shown indented (the matcher collapses the whitespace).
    expect(screen.getByText('{ "q": "cats" }')).toBeInTheDocument();
    expect(screen.getByText('3 results')).toBeInTheDocument();
  });

  it('asks for a sign-in with the host spelled out and a warning', () => {
    const message = withCall({ progress: 0.1, auth: 'https://auth.example.org/login?state=1' });
    render(<MessageView {...messageViewProps(message, { isStreaming: true, isSubmitting: true })} />);
    const link = screen.getByRole('link', { name: 'Sign in to auth.example.org' });
    expect(link).toHaveAttribute('href', 'https://auth.example.org/login?state=1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Only sign in if you trust auth.example.org.')).toBeInTheDocument();
  });
});

describe('unfinished notice', () => {
  const NOTICE =
    "The response is incomplete; it's either still processing, was cancelled, or censored. Refresh or try a different prompt.";

  it('appears 250 ms after the reply is unfinished and nothing is being sent', () => {
    vi.useFakeTimers();
    render(<MessageView {...messageViewProps(reply({ unfinished: true }))} />);
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('stays away while submitting, and for finished replies', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <MessageView {...messageViewProps(reply({ unfinished: true }), { isSubmitting: true })} />,
    );
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    rerender(<MessageView {...messageViewProps(reply({ unfinished: false }))} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

describe('copy', () => {
  let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
  beforeEach(() => {
    writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  it('copies the text and confirms for 3 seconds', async () => {
    vi.useFakeTimers();
    render(<MessageView {...messageViewProps(reply())} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(writeText).toHaveBeenCalledWith('The answer');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeInTheDocument();
  });
});

describe('actions', () => {
  const names = () =>
    within(screen.getByRole('group', { name: 'Message actions' }))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));

  it('offers copy, edit, regenerate and continue on the latest unfinished reply, and calls the controller', () => {
    const controller = controllerSpies();
    const message = reply({ finish_reason: 'length' });
    render(<MessageView {...messageViewProps(message, { controller })} />);
    expect(names()).toEqual(['Copy to clipboard', 'Read aloud', 'Edit', 'Regenerate', 'Continue']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(controller.startEdit).toHaveBeenCalledWith(message);
    expect(controller.regenerate).toHaveBeenCalledWith(message);
    expect(controller.continueReply).toHaveBeenCalledWith(message);
  });

  it('applies the rules: a finished reply has no continue, a user message only copy and edit', () => {
    const { rerender } = render(<MessageView {...messageViewProps(reply())} />);
    expect(names()).toEqual(['Copy to clipboard', 'Read aloud', 'Edit', 'Regenerate']);
    rerender(<MessageView {...messageViewProps(question())} />);
    expect(names()).toEqual(['Copy to clipboard', 'Edit']);
    rerender(<MessageView {...messageViewProps(reply({ finish_reason: 'length' }), { isSubmitting: true })} />);
    expect(names()).toEqual(['Copy to clipboard', 'Read aloud']);
  });

  it('hides the toolbar of the reply that is streaming', () => {
    render(<MessageView {...messageViewProps(reply(), { isStreaming: true, isSubmitting: true })} />);
    expect(screen.queryByRole('group', { name: 'Message actions' })).not.toBeInTheDocument();
  });

  it("offers read-aloud on replies while text to speech is on, never on the user's messages", () => {
    const view = render(
      <ToastProvider>
        <MessageView {...messageViewProps(reply())} />
      </ToastProvider>,
    );
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    view.unmount();
    render(
      <ToastProvider>
        <MessageView {...messageViewProps(question())} />
      </ToastProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
  });
});

describe('sibling navigation', () => {
  it('shows n / total from 1 and pages through the controller', () => {
    const controller = controllerSpies();
    render(<MessageView {...messageViewProps(reply(), { siblingIndex: 1, siblingCount: 3, controller })} />);
    const nav = screen.getByRole('group', { name: 'Message versions' });
    expect(nav).toHaveTextContent('2 / 3');
    expect(within(nav).getByText('Version 2 of 3')).toHaveClass('sr-only');
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous version' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next version' }));
    expect(controller.stepSibling.mock.calls).toEqual([
      ['r1', -1],
      ['r1', 1],
    ]);
  });

  it('disables the arrows at the ends and disappears for a single version', () => {
    const { rerender } = render(<MessageView {...messageViewProps(reply(), { siblingIndex: 0, siblingCount: 2 })} />);
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeEnabled();
    rerender(<MessageView {...messageViewProps(reply(), { siblingIndex: 1, siblingCount: 2 })} />);
    expect(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
    rerender(<MessageView {...messageViewProps(reply())} />);
    expect(screen.queryByRole('group', { name: 'Message versions' })).not.toBeInTheDocument();
  });
});

describe('inline editor', () => {
  const renderEditor = (draft: string, overrides: Parameters<typeof messageViewProps>[1] = {}) => {
    const controller = controllerSpies();
    const message = question();
    render(<MessageView {...messageViewProps(message, { editDraft: draft, controller, ...overrides })} />);
    return { controller, message, textarea: screen.getByRole('textbox', { name: 'Edit message' }) };
  };

  it('replaces the text with a focused editor holding the draft, and hides the toolbar', () => {
    const { textarea } = renderEditor('Draft text');
    expect(textarea).toHaveValue('Draft text');
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveClass('max-h-[65vh]', 'md:max-h-[75vh]');
    expect(screen.queryByTestId('plain-text')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Message actions' })).not.toBeInTheDocument();
  });

  it('Ctrl+Enter and Cmd+Enter save and submit', () => {
    const { controller, message, textarea } = renderEditor('Edited');
    fireEvent.keyDown(textarea, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(textarea, { key: 'Enter', metaKey: true });
    expect(controller.saveEdit.mock.calls).toEqual([
      [message, 'Edited', true],
      [message, 'Edited', true],
    ]);
  });

  it('Ctrl+S saves only and keeps the browser from saving the page', () => {
    const { controller, message, textarea } = renderEditor('Edited');
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    textarea.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(controller.saveEdit).toHaveBeenCalledExactlyOnceWith(message, 'Edited', false);
  });

  it('Escape cancels', () => {
    const { controller, textarea } = renderEditor('Edited');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(controller.cancelEdit).toHaveBeenCalledTimes(1);
    expect(controller.saveEdit).not.toHaveBeenCalled();
  });

  it('plain Enter is a new line, not a command', () => {
    const { controller, textarea } = renderEditor('Edited');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(controller.saveEdit).not.toHaveBeenCalled();
  });

  it('has Save & Submit, Save and Cancel buttons', () => {
    const { controller, message } = renderEditor('Edited');
    fireEvent.click(screen.getByRole('button', { name: 'Save & Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(controller.saveEdit.mock.calls).toEqual([
      [message, 'Edited', true],
      [message, 'Edited', false],
    ]);
    expect(controller.cancelEdit).toHaveBeenCalledTimes(1);
  });

  it('refuses empty text, and submitting while a reply is generated', () => {
    const empty = renderEditor('   ');
    expect(screen.getByRole('button', { name: 'Save & Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.keyDown(empty.textarea, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(empty.textarea, { key: 's', ctrlKey: true });
    expect(empty.controller.saveEdit).not.toHaveBeenCalled();
  });

  it('saves but does not submit while submitting', () => {
    const { controller, message, textarea } = renderEditor('Edited', { isSubmitting: true });
    expect(screen.getByRole('button', { name: 'Save & Submit' })).toBeDisabled();
    fireEvent.keyDown(textarea, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(textarea, { key: 's', ctrlKey: true });
    expect(controller.saveEdit.mock.calls).toEqual([[message, 'Edited', false]]);
  });
});
