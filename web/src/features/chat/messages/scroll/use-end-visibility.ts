import { type RefObject, useEffect, useState } from 'react';
import { END_MARKER_VISIBLE_RATIO, SCROLL_BUTTON_DEBOUNCE_MS } from './scroll-timing';
import { debounce } from './timing';

/**
 * Whether the scroll-to-bottom button should show: the end marker is less than 85% visible
 * inside the scroll container. Debounced so the button does not flicker while a
 * reply streams and the marker bobs at the edge. Without IntersectionObserver it never shows.
 */
export function useEndMarkerHidden(
  markerRef: RefObject<HTMLElement | null>,
  rootRef: RefObject<HTMLElement | null>,
  enabled: boolean,
): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const marker = markerRef.current;
    if (!enabled || !marker || typeof IntersectionObserver === 'undefined') {
      setHidden(false);
      return;
    }
    const update = debounce((next: boolean) => setHidden(next), SCROLL_BUTTON_DEBOUNCE_MS);
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) update(entry.intersectionRatio < END_MARKER_VISIBLE_RATIO);
      },
      { root: rootRef.current, threshold: END_MARKER_VISIBLE_RATIO },
    );
    observer.observe(marker);
    return () => {
      observer.disconnect();
      update.cancel();
    };
  }, [markerRef, rootRef, enabled]);

  return enabled && hidden;
}
