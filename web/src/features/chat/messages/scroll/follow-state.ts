import { AT_BOTTOM_TOLERANCE_PX } from './scroll-timing';

/** The scroll container's geometry at one moment. */
export interface ScrollSample {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function distanceFromBottom({ scrollTop, scrollHeight, clientHeight }: ScrollSample): number {
  return Math.max(scrollHeight - clientHeight - scrollTop, 0);
}

export function isAtBottom(sample: ScrollSample, tolerancePx = AT_BOTTOM_TOLERANCE_PX): boolean {
  return distanceFromBottom(sample) <= tolerancePx;
}

/**
 * Whether the list keeps following a streaming reply after a scroll event. Reaching the bottom
 * (by hand, or because the content shrank) resumes following; moving up stops it. Our own
 * scrolls only ever move down, so an upward move is the user's.
 */
export function nextFollowing(following: boolean, previousScrollTop: number, sample: ScrollSample): boolean {
  if (isAtBottom(sample)) return true;
  if (sample.scrollTop < previousScrollTop) return false;
  return following;
}

/** Keys that scroll a focused container upwards: the user is reading back. */
export const UPWARD_SCROLL_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);
