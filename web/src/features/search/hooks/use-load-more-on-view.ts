import { type RefObject, useEffect } from 'react';

/** Starts the next page while the end of the list is still this far below the view. */
const LOAD_AHEAD_PX = 300;

type LoadMoreOptions = {
  /** The scrolling element the list sits in. */
  rootRef: RefObject<Element | null>;
  /** An element after the last item. */
  endRef: RefObject<Element | null>;
  /** False while a page is loading, after the last page, or after a failure (retry is the user's). */
  canLoad: boolean;
  load: () => void;
  /** The number of items shown: each new page re-checks the end, as it may still be in view. */
  itemCount: number;
};

/**
 * Infinite loading: calls `load` when the end of the list comes into view. The observer is
 * made afresh after each page, and a new observer reports at once whether the end is visible,
 * so a page too short to fill the view is followed by the next without any scrolling.
 */
export function useLoadMoreOnView({ rootRef, endRef, canLoad, load, itemCount }: LoadMoreOptions) {
  useEffect(() => {
    const end = endRef.current;
    if (!canLoad || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { root: rootRef.current, rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [rootRef, endRef, canLoad, load, itemCount]);
}
