import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle } from './timing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once, with the last arguments, after calls stop for the wait', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 150);
    debounced(1);
    vi.advanceTimersByTime(100);
    debounced(2);
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 150);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('throttle', () => {
  it('runs at once, then at most once per interval, keeping the last call for the end', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 145);
    throttled('a');
    expect(fn).toHaveBeenCalledTimes(1);
    throttled('b');
    throttled('c');
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(145);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith('c');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled('d');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('drops the pending call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 750);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
