import { describe, expect, it } from 'vitest';
import { droppedFrames } from './scroll-smoothness';

const frames = (gaps: readonly number[], start = 1000) =>
  gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? start) + gap], [start]);

describe('droppedFrames', () => {
  it('is 0 when every frame came one display interval after the last', () => {
    expect(droppedFrames(frames(Array(60).fill(16.7)))).toBe(0);
  });

  it('counts the intervals a late frame spans beyond the first', () => {
    // One frame two intervals late (one missed), one three intervals late (two missed).
    expect(droppedFrames(frames([...Array(30).fill(16.7), 33.4, ...Array(30).fill(16.7), 50.1]))).toBe(3);
  });

  it('takes the display interval from the frames themselves (120 Hz here)', () => {
    expect(droppedFrames(frames([...Array(40).fill(8.3), 16.6]))).toBe(1);
  });

  it('has nothing to count with fewer than two frames', () => {
    expect(droppedFrames([])).toBe(0);
    expect(droppedFrames([5])).toBe(0);
  });
});
