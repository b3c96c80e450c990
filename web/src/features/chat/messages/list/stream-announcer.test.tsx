import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamAnnouncer } from './stream-announcer';

afterEach(() => {
  vi.useRealTimers();
});

describe('StreamAnnouncer', () => {
  it('announces the start and the end of a reply, not its tokens, and clears each after a second', () => {
    vi.useFakeTimers();
    const { rerender } = render(<StreamAnnouncer isStreaming={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    rerender(<StreamAnnouncer isStreaming />);
    expect(status).toHaveTextContent('The AI has started its reply.');
    // More tokens: nothing new is said.
    rerender(<StreamAnnouncer isStreaming />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(status).toHaveTextContent('');
    rerender(<StreamAnnouncer isStreaming={false} />);
    expect(status).toHaveTextContent('The AI has finished its reply.');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(status).toHaveTextContent('');
  });
});
