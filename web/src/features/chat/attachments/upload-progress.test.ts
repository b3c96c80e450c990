import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slowUploadDelayMs, UploadProgress } from './upload-progress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function track() {
  const values: number[] = [];
  const progress = new UploadProgress((value) => values.push(value));
  return { values, progress, last: () => values.at(-1) };
}

describe('upload progress', () => {
  it('starts at 0.2, goes to 0.6 for a measured image, 0.9 on success and 1 after 300 ms', () => {
    const { values, progress, last } = track();
    expect(values).toEqual([0.2]);
    progress.imageReady();
    expect(last()).toBe(0.6);
    progress.succeeded();
    expect(last()).toBe(0.9);
    vi.advanceTimersByTime(299);
    expect(last()).toBe(0.9);
    vi.advanceTimersByTime(1);
    expect(last()).toBe(1);
    expect(values).toEqual([0.2, 0.6, 0.9, 1]);
  });

  it('steps the estimate from the bytes sent only every 200 ms', () => {
    const { progress, last } = track();
    progress.bytesSent(50, 100);
    expect(last()).toBe(0.2);
    vi.advanceTimersByTime(199);
    expect(last()).toBe(0.2);
    vi.advanceTimersByTime(1);
    expect(last()).toBeCloseTo(0.6);
    progress.bytesSent(75, 100);
    vi.advanceTimersByTime(200);
    expect(last()).toBeCloseTo(0.8);
  });

  it('caps the estimate at 0.95 until the server answers, then completes without going back', () => {
    const { values, progress, last } = track();
    progress.bytesSent(100, 100);
    vi.advanceTimersByTime(1_000);
    expect(last()).toBe(0.95);
    progress.succeeded();
    vi.advanceTimersByTime(300);
    expect(last()).toBe(1);
    // Never backwards: 0.95 is not followed by 0.9.
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('stops updating once the upload fails', () => {
    const { values, progress } = track();
    progress.bytesSent(40, 100);
    progress.stop();
    vi.advanceTimersByTime(1_000);
    expect(values).toEqual([0.2]);
  });

  it('warns of a slow upload after 5 s plus 2 s per million bytes', () => {
    expect(slowUploadDelayMs(0)).toBe(5_000);
    expect(slowUploadDelayMs(3_000_000)).toBe(11_000);
  });
});
