import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds shown before the redirect after registration or email verification. */
export const REDIRECT_COUNTDOWN_SECONDS = 3;

/**
 * A one-second countdown that calls `onDone` at zero. `start()` (re)starts it; `remaining`
 * is null while it is not running (never started, or done), so a later run never shows the
 * last run's zero before it starts.
 */
export function useCountdown(seconds: number, onDone: () => void) {
  const [run, setRun] = useState(0);
  const [remaining, setRemaining] = useState<number | null>(null);
  const onDoneRef = useRef(onDone);

  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (run === 0) return;
    let left = seconds;
    setRemaining(left);
    const timer = setInterval(() => {
      left -= 1;
      if (left > 0) {
        setRemaining(left);
        return;
      }
      clearInterval(timer);
      setRemaining(null);
      onDoneRef.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [run, seconds]);

  const start = useCallback(() => setRun((count) => count + 1), []);
  return { remaining, start };
}
