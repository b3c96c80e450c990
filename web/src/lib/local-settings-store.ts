import { useSyncExternalStore } from 'react';

/** Tells whether a parsed stored value is a valid setting; anything else falls back to the default. */
export type SettingValidator<V> = (value: unknown) => value is V;

export type SettingValidators<T> = { [K in keyof T]: SettingValidator<T[K]> };

export interface LocalSettingsStore<T> {
  /** The defaults, also what a server render (no storage) sees. */
  readonly defaults: Readonly<T>;
  /** The current settings; the same object until a setting changes (useSyncExternalStore needs that). */
  get: () => T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  /** Calls `listener` on every change, this tab's and (through the `storage` event) another tab's. */
  subscribe: (listener: () => void) => () => void;
}

const readStored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const parseJson = (raw: string | null): unknown => {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Settings kept in this browser, one localStorage entry per setting, named after its key and
 * holding its value as JSON (LibreChat's format, so a browser that used LibreChat on this
 * origin keeps its choices). A stored value that is missing, unreadable or fails its validator
 * reads as the default.
 */
export function createLocalSettingsStore<T extends object>(
  defaults: Readonly<T>,
  validators: SettingValidators<T>,
): LocalSettingsStore<T> {
  const keys = Object.keys(defaults) as (keyof T & string)[];
  /** Choices that could not be written (storage full or blocked): they hold for this page only. */
  const unsaved: Partial<T> = {};
  const listeners = new Set<() => void>();
  let cached: { signature: string; value: T } | null = null;

  // Storage is read every time (a few small reads) so another tab's change or a cleared storage
  // is never hidden behind a stale copy; the object is only rebuilt when something changed.
  const get = (): T => {
    const raw = keys.map(readStored);
    const signature = JSON.stringify([raw, unsaved]);
    if (cached?.signature === signature) return cached.value;
    const value = { ...defaults } as T;
    keys.forEach((key, index) => {
      const stored = parseJson(raw[index] ?? null);
      const kept = unsaved[key];
      if (kept !== undefined) value[key] = kept;
      else if (validators[key](stored)) value[key] = stored;
    });
    cached = { signature, value };
    return value;
  };

  const set = <K extends keyof T>(key: K, value: T[K]): void => {
    try {
      window.localStorage.setItem(String(key), JSON.stringify(value));
      delete unsaved[key];
    } catch {
      unsaved[key] = value;
    }
    listeners.forEach((listener) => listener());
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    // Another tab's change arrives as a storage event; this tab's own writes do not fire one.
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  };

  return { defaults, get, set, subscribe };
}

/** The store's settings; the component re-renders when one changes, in this tab or another. */
export function useLocalSettings<T>(store: LocalSettingsStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.defaults);
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
