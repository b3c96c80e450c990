import { act, render, renderHook } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AutoSubmitOptions, type AutoSubmitStatus, useAutoSubmit } from './use-auto-submit';

/** Mutable readiness the polls observe, as the page's state would be. */
function setup(
  initial: Partial<AutoSubmitOptions> & { ready?: boolean; canSend?: boolean } = {},
  { strict = false } = {},
) {
  const state = { ready: initial.ready ?? false, canSend: initial.canSend ?? true };
  const submit = vi.fn<(text: string) => void>();
  const isReady = vi.fn(() => state.ready);
  const canSubmit = vi.fn(() => state.canSend);
  const view = renderHook<AutoSubmitStatus, AutoSubmitOptions>((props) => useAutoSubmit(props), {
    initialProps: {
      text: 'text' in initial ? initial.text : 'Hello',
      enabled: initial.enabled ?? true,
      isReady,
      canSubmit,
      submit,
    },
    reactStrictMode: strict,
  });
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  return { state, submit, isReady, canSubmit, advance, ...view };
}

describe('useAutoSubmit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks every 100 ms and sends as soon as the settings have applied', () => {
    const auto = setup();
    auto.advance(250);
    expect(auto.isReady).toHaveBeenCalledTimes(2);
    expect(auto.submit).not.toHaveBeenCalled();
    expect(auto.result.current).toBe('waiting');

    auto.state.ready = true;
    auto.advance(49);
    expect(auto.submit).not.toHaveBeenCalled();
    auto.advance(1); // the poll at 300 ms
    expect(auto.submit).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(auto.result.current).toBe('submitted');
  });

  it('does not send before the first poll, even when ready at once', () => {
    const auto = setup({ ready: true });
    auto.advance(99);
    expect(auto.submit).not.toHaveBeenCalled();
    auto.advance(1);
    expect(auto.submit).toHaveBeenCalledOnce();
  });

  it('sends anyway after 3 s when the settings never apply', () => {
    const auto = setup();
    auto.advance(2_999);
    expect(auto.submit).not.toHaveBeenCalled();
    auto.advance(1);
    expect(auto.submit).toHaveBeenCalledExactlyOnceWith('Hello');
  });

  it('gives up after 50 attempts when the page can never send, and stops polling', () => {
    const auto = setup({ canSend: false, ready: true });
    auto.advance(4_999);
    expect(auto.canSubmit).toHaveBeenCalledTimes(49);
    expect(auto.result.current).toBe('waiting');
    auto.advance(1);
    expect(auto.canSubmit).toHaveBeenCalledTimes(50);
    expect(auto.result.current).toBe('gave-up');

    auto.state.canSend = true;
    auto.advance(10_000);
    expect(auto.canSubmit).toHaveBeenCalledTimes(50);
    expect(auto.submit).not.toHaveBeenCalled();
  });

  it('waits past 3 s for a page that cannot send yet, then sends without the settings', () => {
    const auto = setup({ canSend: false });
    auto.advance(4_000);
    expect(auto.submit).not.toHaveBeenCalled();
    auto.state.canSend = true;
    auto.advance(100);
    // The settings never applied (isReady stays false): the 3 s had passed, so it sends.
    expect(auto.submit).toHaveBeenCalledExactlyOnceWith('Hello');
  });

  it.each(['', '   ', ' \n\t ', undefined])('never sends empty or whitespace text (%j)', (text) => {
    const auto = setup({ text, ready: true });
    auto.advance(10_000);
    expect(auto.submit).not.toHaveBeenCalled();
    expect(auto.isReady).not.toHaveBeenCalled();
    expect(auto.result.current).toBe('idle');
  });

  it('does nothing while not enabled', () => {
    const auto = setup({ enabled: false, ready: true });
    auto.advance(10_000);
    expect(auto.submit).not.toHaveBeenCalled();
    expect(auto.result.current).toBe('idle');
  });

  it('sends exactly once, whatever re-renders follow', () => {
    const auto = setup({ ready: true });
    auto.advance(100);
    // New callback identities each render, as inline functions in a page would be.
    const submit = vi.fn<(text: string) => void>();
    auto.rerender({ text: 'Hello', enabled: true, isReady: () => true, canSubmit: () => true, submit });
    auto.advance(10_000);
    expect(auto.submit).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends exactly once under StrictMode’s double effects', () => {
    const auto = setup({ ready: true }, { strict: true });
    auto.advance(10_000);
    expect(auto.submit).toHaveBeenCalledOnce();
  });

  it('does not send again when its effects are re-created (a hidden, then shown, page)', () => {
    const submit = vi.fn<(text: string) => void>();
    function Page() {
      useAutoSubmit({ text: 'Hello', enabled: true, isReady: () => true, submit });
      return null;
    }
    const { rerender } = render(
      <Activity mode="visible">
        <Page />
      </Activity>,
    );
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(submit).toHaveBeenCalledOnce();
    for (const mode of ['hidden', 'visible'] as const) {
      rerender(
        <Activity mode={mode}>
          <Page />
        </Activity>,
      );
    }
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(submit).toHaveBeenCalledOnce();
  });

  it('calls the latest callbacks, not the ones of the first render', () => {
    const auto = setup();
    const submit = vi.fn<(text: string) => void>();
    auto.rerender({ text: 'Hello', enabled: true, isReady: () => true, canSubmit: () => true, submit });
    auto.advance(100);
    expect(submit).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(auto.submit).not.toHaveBeenCalled();
  });

  it('restarts for a new text: only the new one is sent, on its own clock', () => {
    const auto = setup();
    auto.advance(2_000);
    auto.rerender({
      text: 'Other',
      enabled: true,
      isReady: auto.isReady,
      canSubmit: auto.canSubmit,
      submit: auto.submit,
    });
    auto.advance(2_000);
    expect(auto.submit).not.toHaveBeenCalled();
    auto.advance(1_000);
    expect(auto.submit).toHaveBeenCalledExactlyOnceWith('Other');
  });

  it('treats the same text after being disabled as a new request', () => {
    const auto = setup({ ready: true });
    auto.advance(100);
    const props = { text: 'Hello', isReady: auto.isReady, canSubmit: auto.canSubmit, submit: auto.submit };
    auto.rerender({ ...props, enabled: false });
    expect(auto.result.current).toBe('idle');
    auto.rerender({ ...props, enabled: true });
    auto.advance(100);
    expect(auto.submit).toHaveBeenCalledTimes(2);
  });

  it('stops waiting when disabled before sending', () => {
    const auto = setup();
    auto.advance(1_000);
    auto.rerender({
      text: 'Hello',
      enabled: false,
      isReady: auto.isReady,
      canSubmit: auto.canSubmit,
      submit: auto.submit,
    });
    auto.advance(10_000);
    expect(auto.submit).not.toHaveBeenCalled();
  });

  it('without canSubmit treats the page as always able to send', () => {
    const submit = vi.fn<(text: string) => void>();
    renderHook(() => useAutoSubmit({ text: 'Hi', enabled: true, isReady: () => false, submit }));
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(submit).toHaveBeenCalledExactlyOnceWith('Hi');
  });
});
