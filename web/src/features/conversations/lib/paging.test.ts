import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldLoadMore, throttle } from './paging';

describe('shouldLoadMore', () => {
  const base = { rowCount: 30, hasNextPage: true, isFetching: false };

  it('loads once the last drawn row is within 8 rows of the end', () => {
    // Rows 0–29: row 21 is 8 rows before the last (29).
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 20 })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 21 })).toBe(true);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29 })).toBe(true);
  });

  it('does not load without a next page, while fetching, or before anything is drawn', () => {
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, isFetching: true })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: -1 })).toBe(false);
  });
});

describe('throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per interval, with a trailing run', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops a pending trailing run when cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
