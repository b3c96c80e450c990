import { vi } from 'vitest';

/**
 * jsdom has no matchMedia: this one answers `(prefers-color-scheme: light)` with
 * `prefersLight` and lets a test flip the OS preference, notifying listeners like a browser.
 */
export function mockSystemTheme(initial: { prefersLight: boolean }) {
  let prefersLight = initial.prefersLight;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return query.includes('light') ? prefersLight : !prefersLight;
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    })),
  );
  return {
    setPrefersLight(next: boolean) {
      prefersLight = next;
      listeners.forEach((listener) => listener());
    },
  };
}
