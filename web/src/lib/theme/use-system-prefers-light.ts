import { useSyncExternalStore } from 'react';
import { PREFERS_LIGHT_QUERY } from './theme';

const mediaQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(PREFERS_LIGHT_QUERY) : undefined;

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const getSnapshot = (): boolean => mediaQuery()?.matches ?? false;

/** Whether the OS asks for a light theme, updated live when the user changes it. */
export function useSystemPrefersLight(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
