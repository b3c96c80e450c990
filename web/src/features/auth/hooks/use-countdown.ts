import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds shown before the redirect after registration or email verification (spec §9). */
export const REDIRECT_COUNTDOWN_SECONDS = 3;

/**
 * A one-second countdown that calls `onDone` at zero. `start()` (re)starts it; `remaining`
 * is null while it has never run.
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
      setRemaining(left);
      if (left <= 0) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [run, seconds]);

  const start = useCallback(() => setRun((count) => count + 1), []);
  return { remaining, start };
}
