import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes only the interval timers the countdowns run on, so a test moves them a second at a
 * time while everything else (React, React Query, Testing Library's polling timeout) keeps real
 * time. Faking all timers would let a slow machine tick the countdown on its own.
 */
export function useCountdownClock(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}

/** Lets pending effects start their intervals, then moves the countdown clock by `ms`. */
export async function advanceCountdown(ms: number): Promise<void> {
  await act(async () => {});
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
