import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComposer } from './testing/render-composer';

const sendButton = () => screen.getByRole('button', { name: 'Send message' });
// user-event types key by key: slower than a unit test on a busy machine.
const SLOW = { timeout: 20_000 };

describe('composer keys', SLOW, () => {
  it('sends on Enter, then empties the composer', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    await events.type(textbox(), 'Hello there{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Hello there');
    expect(textbox()).toHaveValue('');
  });

  it('adds a new line on Shift+Enter', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    await events.type(textbox(), 'one{Shift>}{Enter}{/Shift}two');
    expect(textbox()).toHaveValue('one\ntwo');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends on Ctrl+Enter and Cmd+Enter', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    await events.type(textbox(), 'first{Control>}{Enter}{/Control}');
    await events.type(textbox(), 'second{Meta>}{Enter}{/Meta}');
    expect(onSubmit.mock.calls).toEqual([['first'], ['second']]);
  });

  it('with Enter to send off, adds a new line on Enter and still sends on Ctrl/Cmd+Enter', async () => {
    window.localStorage.setItem('enterToSend', 'false');
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    await events.type(textbox(), 'one{Enter}two');
    expect(textbox()).toHaveValue('one\ntwo');
    expect(onSubmit).not.toHaveBeenCalled();
    await events.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('one\ntwo');
    await events.type(textbox(), 'three{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenLastCalledWith('three');
  });

  it('leaves Enter to the input method while composing', () => {
    const { textbox, onSubmit } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'にほんご' } });
    // fireEvent returns false when the handler called preventDefault.
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', isComposing: true })).toBe(true);
    expect(fireEvent.keyDown(textbox(), { key: 'Enter', keyCode: 229 })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(textbox(), { key: 'Enter' })).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('にほんご');
  });

  it('does nothing on Enter or Ctrl+Enter while a reply streams, not even a new line', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer({ isSubmitting: true });
    await events.type(textbox(), 'next question{Enter}{Control>}{Enter}{/Control}');
    expect(textbox()).toHaveValue('next question');
    expect(onSubmit).not.toHaveBeenCalled();
    // Shift+Enter still writes a new line: typing the next message goes on.
    await events.keyboard('{Shift>}{Enter}{/Shift}');
    expect(textbox()).toHaveValue('next question\n');
  });

  it('never sends empty or whitespace-only text', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    await events.type(textbox(), '{Enter}');
    await events.type(textbox(), '   {Shift>}{Enter}{/Shift}  {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(sendButton()).toBeDisabled();
  });
});

describe('composer buttons', SLOW, () => {
  it('enables send only with text, sends on click and gives focus back to the text', async () => {
    const events = userEvent.setup();
    const { textbox, onSubmit } = renderComposer();
    expect(sendButton()).toBeDisabled();
    await events.type(textbox(), 'Hi');
    expect(sendButton()).toBeEnabled();
    await events.click(sendButton());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Hi');
    expect(textbox()).toHaveValue('');
    expect(textbox()).toHaveFocus();
  });

  it('replaces send with a stop button while a reply streams', async () => {
    const events = userEvent.setup();
    const { onStop, update } = renderComposer({ isSubmitting: true });
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    update({ isSubmitting: false });
    expect(screen.queryByRole('button', { name: 'Stop generating' })).not.toBeInTheDocument();
    expect(sendButton()).toBeInTheDocument();
  });

  it('when disabled, shows why in the placeholder and accepts no text', async () => {
    const events = userEvent.setup();
    const placeholder = 'This endpoint is not configured: set its key in the header menu to chat.';
    const { textbox, onSubmit } = renderComposer({ disabled: true, placeholder, initialText: 'prefilled' });
    expect(textbox()).toBeDisabled();
    expect(textbox()).toHaveAttribute('placeholder', placeholder);
    expect(sendButton()).toBeDisabled();
    await events.type(textbox(), 'more{Enter}');
    expect(textbox()).toHaveValue('prefilled');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('composer placeholder and prefill', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('updates the placeholder once it has been stable for 80 ms', () => {
    vi.useFakeTimers();
    const { textbox, update } = renderComposer({ placeholder: 'Message gpt-4o-mini' });
    update({ placeholder: 'Message claude' });
    act(() => {
      vi.advanceTimersByTime(79);
    });
    expect(textbox()).toHaveAttribute('placeholder', 'Message gpt-4o-mini');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(textbox()).toHaveAttribute('placeholder', 'Message claude');
  });

  it('pre-fills the text from the address, and again when it changes', () => {
    const { textbox, update } = renderComposer({ initialText: 'Summarise this' });
    expect(textbox()).toHaveValue('Summarise this');
    fireEvent.change(textbox(), { target: { value: 'Summarise this, briefly' } });
    // The page drops the query parameter once read: the user's edit stays.
    update({ initialText: undefined });
    expect(textbox()).toHaveValue('Summarise this, briefly');
    update({ initialText: 'Translate this' });
    expect(textbox()).toHaveValue('Translate this');
  });
});

describe('composer focus', () => {
  const stubPointer = (coarse: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(pointer: coarse)' ? coarse : false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );

  it('takes focus when shown on a device with a fine pointer', () => {
    stubPointer(false);
    const { textbox } = renderComposer();
    expect(textbox()).toHaveFocus();
  });

  it('does not take focus on a touch device, where it would open the keyboard', () => {
    stubPointer(true);
    const { textbox, update } = renderComposer({ autoFocusKey: 'convo-1' });
    expect(textbox()).not.toHaveFocus();
    update({ autoFocusKey: 'convo-2' });
    expect(textbox()).not.toHaveFocus();
  });

  it('takes focus once enabled when it is shown disabled (its setup still loading), and only then', () => {
    const { textbox, update } = renderComposer({ autoFocusKey: 'convo-1', disabled: true });
    expect(textbox()).not.toHaveFocus();
    update({ disabled: false });
    expect(textbox()).toHaveFocus();
    act(() => textbox().blur());
    update({ disabled: true });
    update({ disabled: false });
    expect(textbox()).not.toHaveFocus();
  });

  it('leaves focus in another text field the user is typing in, when it is enabled late', () => {
    const search = document.createElement('input');
    document.body.append(search);
    const { textbox, update } = renderComposer({ autoFocusKey: 'new', disabled: true });
    act(() => search.focus());
    update({ disabled: false });
    expect(search).toHaveFocus();
    expect(textbox()).not.toHaveFocus();
    search.remove();
  });

  it('takes focus again when the user navigates to a conversation, not on other changes', () => {
    const { textbox, update } = renderComposer({ autoFocusKey: 'convo-1' });
    act(() => textbox().blur());
    update({ placeholder: 'Message claude', isSubmitting: true });
    expect(textbox()).not.toHaveFocus();
    update({ conversationId: 'convo-2', autoFocusKey: 'convo-2' });
    expect(textbox()).toHaveFocus();
  });
});

describe('composer height', SLOW, () => {
  const LINE_PX = 24;

  // jsdom has no layout: the textarea reports one line height per line of its text.
  const mockScrollHeight = () => {
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return this.value.split('\n').length * LINE_PX;
      },
    });
  };

  afterEach(() => {
    // Removes the own property, uncovering jsdom's scrollHeight again.
    Reflect.deleteProperty(HTMLTextAreaElement.prototype, 'scrollHeight');
  });

  it('grows with its text', () => {
    mockScrollHeight();
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'a\nb' } });
    expect(textbox().style.height).toBe(`${2 * LINE_PX}px`);
  });

  it('offers collapse and expand only above 3 lines', async () => {
    mockScrollHeight();
    const events = userEvent.setup();
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: '1\n2\n3' } });
    expect(screen.queryByRole('button', { name: /collapse|expand/i })).not.toBeInTheDocument();
    expect(textbox()).toHaveClass('max-h-[55vh]', 'md:max-h-[45vh]');

    fireEvent.change(textbox(), { target: { value: '1\n2\n3\n4' } });
    const collapse = screen.getByRole('button', { name: 'Collapse message input' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');

    await events.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand message input' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(textbox()).toHaveClass('max-h-[52px]');
    expect(textbox()).not.toHaveClass('max-h-[55vh]');

    await events.click(expand);
    expect(textbox()).toHaveClass('max-h-[55vh]');
  });

  it('drops the toggle and expands again when the text shrinks to 3 lines or is sent', async () => {
    mockScrollHeight();
    const events = userEvent.setup();
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: '1\n2\n3\n4' } });
    await events.click(screen.getByRole('button', { name: 'Collapse message input' }));
    fireEvent.change(textbox(), { target: { value: '1\n2' } });
    expect(screen.queryByRole('button', { name: /collapse|expand/i })).not.toBeInTheDocument();
    expect(textbox()).not.toHaveClass('max-h-[52px]');

    fireEvent.change(textbox(), { target: { value: '1\n2\n3\n4\n5' } });
    expect(screen.getByRole('button', { name: 'Collapse message input' })).toBeInTheDocument();
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(screen.queryByRole('button', { name: /collapse|expand/i })).not.toBeInTheDocument();
  });
});
