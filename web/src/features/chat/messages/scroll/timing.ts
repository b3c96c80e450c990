/**
 * Small rate limiters for scroll work. Each returns the wrapped function plus `cancel`, so a
 * component can drop a pending call when it unmounts.
 */
export interface Limited<Args extends unknown[]> {
  (...args: Args): void;
  cancel: () => void;
}

/** Runs `fn` once calls have stopped for `waitMs`, with the last call's arguments. */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number): Limited<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/**
 * Runs `fn` at once, then at most once per `intervalMs`; a call inside the interval is kept and
 * run at its end, so the last state is never lost (a stream's final token still scrolls).
 */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, intervalMs: number): Limited<Args> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Args | null = null;
  const run = (args: Args) => {
    lastRun = Date.now();
    fn(...args);
  };
  const throttled = (...args: Args) => {
    const wait = lastRun + intervalMs - Date.now();
    if (wait <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer !== undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        const next = pending;
        pending = null;
        if (next) run(next);
      },
      Math.max(wait, 0),
    );
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}
