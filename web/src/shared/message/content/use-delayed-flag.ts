import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `delayMs`; false again as soon as it turns false. Keeps
 * transient states (a reply marked unfinished for a moment while the stream closes) off screen.
 */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
