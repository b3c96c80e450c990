import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceCountdown, useCountdownClock } from '../testing/countdown-clock';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down a second at a time, calls onDone at zero, and is not running again after', async () => {
    useCountdownClock();
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown(3, onDone));
    expect(result.current.remaining).toBeNull();
    act(() => result.current.start());
    await advanceCountdown(0);
    expect(result.current.remaining).toBe(3);
    await advanceCountdown(2000);
    expect(result.current.remaining).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
    await advanceCountdown(1000);
    expect(onDone).toHaveBeenCalledTimes(1);
    // Never the finished run's zero: a page showing "Redirecting in N seconds" for a second run
    // shows the full count until that run starts.
    expect(result.current.remaining).toBeNull();
    act(() => result.current.start());
    await advanceCountdown(1000);
    expect(result.current.remaining).toBe(2);
  });
});
