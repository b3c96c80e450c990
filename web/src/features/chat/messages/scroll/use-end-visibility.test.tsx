import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockIntersectionObserver } from '@/testing/layout-mock';
import { useEndMarkerHidden } from './use-end-visibility';

function Probe({ enabled = true }: { enabled?: boolean }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);
  const hidden = useEndMarkerHidden(markerRef, rootRef, enabled);
  return (
    <div ref={rootRef} data-testid="root">
      <div ref={markerRef} />
      {hidden && <button type="button">Scroll to bottom</button>}
    </div>
  );
}

let io: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  vi.useFakeTimers();
  io = mockIntersectionObserver();
  vi.stubGlobal('IntersectionObserver', io.FakeIntersectionObserver);
});
afterEach(() => vi.useRealTimers());

describe('useEndMarkerHidden', () => {
  it('observes the end marker inside the scroll container at the 85% threshold', () => {
    render(<Probe />);
    expect(io.observers).toHaveLength(1);
    expect(io.observers[0]?.options).toEqual({ root: screen.getByTestId('root'), threshold: 0.85 });
  });

  it('shows the button 150 ms after the marker drops below 85% visible, and hides it 150 ms after it is back', () => {
    render(<Probe />);
    act(() => io.report(0.84));
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button')).toBeInTheDocument();

    act(() => io.report(0.85));
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.getByRole('button')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('settles on the last report when visibility flickers', () => {
    render(<Probe />);
    act(() => {
      io.report(0.2);
      vi.advanceTimersByTime(100);
      io.report(1);
      vi.advanceTimersByTime(100);
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('never shows without IntersectionObserver, or when disabled', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { unmount } = render(<Probe />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    vi.stubGlobal('IntersectionObserver', io.FakeIntersectionObserver);
    render(<Probe enabled={false} />);
    expect(io.observers).toHaveLength(0);
  });
});
