import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ScrollToEnd, useFollowScroll } from './use-follow-scroll';

interface ProbeProps {
  scrollToEnd: ScrollToEnd;
  version: number;
  isSubmitting: boolean;
  conversationKey?: string;
}

function Probe({ scrollToEnd, version, isSubmitting, conversationKey = 'c1' }: ProbeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { jumpToEnd } = useFollowScroll({
    scrollRef,
    scrollToEnd,
    contentVersion: version,
    isSubmitting,
    conversationKey,
    hasMessages: true,
  });
  return (
    <div ref={scrollRef} data-testid="scroller">
      <button type="button" onClick={jumpToEnd}>
        jump
      </button>
    </div>
  );
}

/** Puts the scroller at `scrollTop` of a 2,000 px tall content in a 500 px viewport, and fires `scroll`. */
function scrollTo(scrollTop: number) {
  const element = screen.getByTestId('scroller');
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: 500 });
  element.scrollTop = scrollTop;
  fireEvent.scroll(element);
}

let scrollToEnd: ReturnType<typeof vi.fn<ScrollToEnd>>;
beforeEach(() => {
  vi.useFakeTimers();
  scrollToEnd = vi.fn<ScrollToEnd>();
});
afterEach(() => vi.useRealTimers());

const renderProbe = (props: Partial<ProbeProps> = {}) => {
  const view = render(<Probe scrollToEnd={scrollToEnd} version={0} isSubmitting={false} {...props} />);
  const update = (next: Partial<ProbeProps>) =>
    view.rerender(<Probe scrollToEnd={scrollToEnd} version={0} isSubmitting={false} {...props} {...next} />);
  return { ...view, update };
};

describe('useFollowScroll', () => {
  it('opens a conversation at its end, and again once heights settle 500 ms later', () => {
    renderProbe();
    expect(scrollToEnd.mock.calls).toEqual([['auto']]);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(scrollToEnd).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollToEnd.mock.calls).toEqual([['auto'], ['auto']]);
  });

  it('scrolls smoothly to the end when a send starts', () => {
    const { update } = renderProbe();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    update({ isSubmitting: true });
    expect(scrollToEnd).toHaveBeenCalledWith('smooth');
  });

  it('follows a streaming reply at most every 145 ms, keeping the last change', () => {
    const { update } = renderProbe({ isSubmitting: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();

    update({ isSubmitting: true, version: 1 });
    update({ isSubmitting: true, version: 2 });
    update({ isSubmitting: true, version: 3 });
    expect(scrollToEnd.mock.calls).toEqual([['auto']]);
    act(() => {
      vi.advanceTimersByTime(144);
    });
    expect(scrollToEnd).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollToEnd).toHaveBeenCalledTimes(2);
  });

  it('does not move the list for changes when nothing is being sent', () => {
    const { update } = renderProbe();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    update({ version: 5 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(scrollToEnd).not.toHaveBeenCalled();
  });

  it.each([
    ['a wheel turned up', () => fireEvent.wheel(screen.getByTestId('scroller'), { deltaY: -40 })],
    ['a touch drag', () => fireEvent.touchMove(screen.getByTestId('scroller'))],
    ['PageUp', () => fireEvent.keyDown(screen.getByTestId('scroller'), { key: 'PageUp' })],
    [
      'the scrollbar dragged up',
      () => {
        scrollTo(1500);
        scrollTo(1000);
      },
    ],
  ])('stops following after %s, and resumes at the bottom', (_, scrollUp) => {
    const { update } = renderProbe({ isSubmitting: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();

    act(scrollUp);
    update({ isSubmitting: true, version: 1 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(scrollToEnd).not.toHaveBeenCalled();

    scrollTo(1500);
    update({ isSubmitting: true, version: 2 });
    expect(scrollToEnd).toHaveBeenCalledWith('auto');
  });

  it('a wheel turned down does not stop following', () => {
    const { update } = renderProbe({ isSubmitting: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    fireEvent.wheel(screen.getByTestId('scroller'), { deltaY: 40 });
    update({ isSubmitting: true, version: 1 });
    expect(scrollToEnd).toHaveBeenCalledWith('auto');
  });

  it('the scroll-to-bottom button resumes following with a smooth scroll', () => {
    const { update } = renderProbe({ isSubmitting: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.wheel(screen.getByTestId('scroller'), { deltaY: -40 });
    scrollToEnd.mockClear();

    fireEvent.click(screen.getByRole('button', { name: 'jump' }));
    expect(scrollToEnd.mock.calls).toEqual([['smooth']]);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    update({ isSubmitting: true, version: 1 });
    expect(scrollToEnd).toHaveBeenCalledWith('auto');
  });

  it('scrolls smoothly at most every 750 ms', () => {
    renderProbe();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    const jump = screen.getByRole('button', { name: 'jump' });
    const smoothCalls = () => scrollToEnd.mock.calls.filter(([behavior]) => behavior === 'smooth').length;
    fireEvent.click(jump);
    fireEvent.click(jump);
    expect(smoothCalls()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(749);
    });
    expect(smoothCalls()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(smoothCalls()).toBe(2);
  });

  it('opens another conversation at its end', () => {
    const { update } = renderProbe();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    scrollToEnd.mockClear();
    update({ conversationKey: 'c2' });
    expect(scrollToEnd).toHaveBeenCalledWith('auto');
  });
});
