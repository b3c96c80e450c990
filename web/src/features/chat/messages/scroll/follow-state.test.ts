import { describe, expect, it } from 'vitest';
import { distanceFromBottom, isAtBottom, nextFollowing } from './follow-state';
import { AT_BOTTOM_TOLERANCE_PX } from './scroll-timing';

const sample = (scrollTop: number) => ({ scrollTop, scrollHeight: 2000, clientHeight: 500 });

describe('follow state', () => {
  it('measures the distance left to the bottom', () => {
    expect(distanceFromBottom(sample(1500))).toBe(0);
    expect(distanceFromBottom(sample(1000))).toBe(500);
    expect(isAtBottom(sample(1500 - AT_BOTTOM_TOLERANCE_PX))).toBe(true);
    expect(isAtBottom(sample(1500 - AT_BOTTOM_TOLERANCE_PX - 1))).toBe(false);
  });

  it('stops following when the user moves up', () => {
    expect(nextFollowing(true, 1500, sample(1200))).toBe(false);
  });

  it('keeps its state while moving down short of the bottom', () => {
    expect(nextFollowing(false, 800, sample(1000))).toBe(false);
    expect(nextFollowing(true, 800, sample(1000))).toBe(true);
  });

  it('follows again once the bottom is reached, even if the content shrank under the user', () => {
    expect(nextFollowing(false, 1200, sample(1500))).toBe(true);
    expect(nextFollowing(false, 1800, sample(1500))).toBe(true);
  });
});
