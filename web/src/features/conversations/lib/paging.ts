/** The next page is asked for once the view is within this many rows of the end. */
export const LOAD_MORE_WITHIN_ROWS = 8;
/** At most one "load more" per this interval while scrolling. */
export const LOAD_MORE_THROTTLE_MS = 300;

type PagingState = {
  /** Index of the last row drawn (visible or overscan), or -1 when none is. */
  lastRenderedIndex: number;
  rowCount: number;
  hasNextPage: boolean;
  isFetching: boolean;
};

/** Whether scrolling has come close enough to the end to fetch the next page. */
export function shouldLoadMore({ lastRenderedIndex, rowCount, hasNextPage, isFetching }: PagingState): boolean {
  if (!hasNextPage || isFetching || lastRenderedIndex < 0) return false;
  return lastRenderedIndex >= rowCount - 1 - LOAD_MORE_WITHIN_ROWS;
}

/**
 * Runs `fn` at once, then at most once per `intervalMs`; a call inside the interval runs at its
 * end (trailing), so the last scroll position is always acted on.
 */
export function throttle(fn: () => void, intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = now();
    fn();
  };
  const throttled = () => {
    const wait = last + intervalMs - now();
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
