import { useSyncExternalStore } from 'react';

/** Small screens are those below 768 px, i.e. below Tailwind's `md`, as the header uses. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

const mediaQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(SMALL_SCREEN_QUERY) : null);

const subscribe = (onChange: () => void) => {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** Whether the viewport is a phone's: the sidebar overlays there and its rows are taller. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => mediaQuery()?.matches ?? false);
}
