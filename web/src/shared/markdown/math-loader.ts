import { useSyncExternalStore } from 'react';

/*
 * KaTeX is the heaviest part of the renderer (~75 KB gzip plus CSS) and most messages have no
 * math, so it is fetched when the first formula mounts; every formula waiting for it then
 * re-renders through this small external store.
 */

type RenderMath = (tex: string, display: boolean) => string | null;

let renderer: RenderMath | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadMath(): Promise<void> {
  loading ??= import('./katex-render')
    .then((module) => {
      renderer = module.renderMath;
      listeners.forEach((listener) => listener());
    })
    .catch(() => {
      // Offline or a stale deployment: formulas stay readable as TeX; retry on the next one.
      loading = null;
    });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getRenderer = () => renderer;

/** KaTeX's render function once loaded, else null. */
export function useMathRenderer(): RenderMath | null {
  return useSyncExternalStore(subscribe, getRenderer);
}
