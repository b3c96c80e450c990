import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createLocalSettingsStore, isBoolean, useLocalSettings } from './local-settings-store';

type Density = 'compact' | 'roomy';
type TestSettings = { density: Density; showHints: boolean };

const DEFAULTS: Readonly<TestSettings> = Object.freeze({ density: 'roomy', showHints: true });
const isDensity = (value: unknown): value is Density => value === 'compact' || value === 'roomy';

// A fresh store per test: its in-memory fallback must not leak from one test into the next.
const createStore = () =>
  createLocalSettingsStore<TestSettings>(DEFAULTS, { density: isDensity, showHints: isBoolean });

describe('local settings store', () => {
  it('reads the defaults when nothing is stored', () => {
    expect(createStore().get()).toEqual({ density: 'roomy', showHints: true });
  });

  it('reads values stored as JSON under each key, by an earlier visit or by set', () => {
    window.localStorage.setItem('density', '"compact"');
    const store = createStore();
    expect(store.get()).toEqual({ density: 'compact', showHints: true });
    store.set('showHints', false);
    expect(window.localStorage.getItem('showHints')).toBe('false');
    expect(store.get()).toEqual({ density: 'compact', showHints: false });
  });

  it('falls back to the default for corrupt values and values its validator rejects', () => {
    window.localStorage.setItem('density', '"huge"');
    window.localStorage.setItem('showHints', '{not json');
    expect(createStore().get()).toEqual(DEFAULTS);
    window.localStorage.setItem('showHints', '"false"');
    expect(createStore().get()).toEqual(DEFAULTS);
  });

  it('reads the defaults when storage cannot even be read', () => {
    window.localStorage.setItem('density', '"compact"');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(createStore().get()).toEqual(DEFAULTS);
  });

  it('keeps a value for this page when storage refuses to write it, until a write succeeds', () => {
    const store = createStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set('density', 'compact');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().density).toBe('compact');
    expect(window.localStorage.getItem('density')).toBeNull();
    setItem.mockRestore();
    store.set('density', 'roomy');
    expect(window.localStorage.getItem('density')).toBe('"roomy"');
    // The stored value now rules: another tab's later change shows through.
    window.localStorage.setItem('density', '"compact"');
    expect(store.get().density).toBe('compact');
  });

  it('re-renders hook users on a change in this tab and on another tab’s storage event', () => {
    const store = createStore();
    const { result } = renderHook(() => useLocalSettings(store));
    expect(result.current).toEqual(DEFAULTS);
    act(() => store.set('showHints', false));
    expect(result.current.showHints).toBe(false);
    act(() => {
      window.localStorage.setItem('density', '"compact"');
      window.dispatchEvent(new StorageEvent('storage', { key: 'density' }));
    });
    expect(result.current).toEqual({ density: 'compact', showHints: false });
  });

  it('stops calling a listener once it unsubscribes', () => {
    const store = createStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'density' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set('density', 'compact');
    window.dispatchEvent(new StorageEvent('storage', { key: 'density' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('returns the same snapshot between reads until something changes', () => {
    const store = createStore();
    const first = store.get();
    expect(store.get()).toBe(first);
    store.set('showHints', false);
    const second = store.get();
    expect(second).not.toBe(first);
    expect(store.get()).toBe(second);
  });
});
