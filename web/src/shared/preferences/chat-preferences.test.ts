import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getChatPreferences, setChatPreference, useChatPreferences } from './chat-preferences';

describe('chat preferences', () => {
  it('start with the defaults: Enter sends, drafts are saved, thinking starts closed', () => {
    expect(getChatPreferences()).toEqual({ enterToSend: true, saveDrafts: true, showThinking: false });
  });

  it('persist each choice under its own key as JSON, so a reload reads it back', () => {
    setChatPreference('enterToSend', false);
    setChatPreference('showThinking', true);
    expect(window.localStorage.getItem('enterToSend')).toBe('false');
    expect(window.localStorage.getItem('showThinking')).toBe('true');
    expect(getChatPreferences()).toEqual({ enterToSend: false, saveDrafts: true, showThinking: true });
  });

  it('read values written by an earlier visit', () => {
    window.localStorage.setItem('saveDrafts', 'false');
    expect(getChatPreferences().saveDrafts).toBe(false);
  });

  it('fall back to the default for corrupt or mistyped stored values', () => {
    window.localStorage.setItem('enterToSend', '{not json');
    window.localStorage.setItem('saveDrafts', '"false"');
    window.localStorage.setItem('showThinking', '1');
    expect(getChatPreferences()).toEqual({ enterToSend: true, saveDrafts: true, showThinking: false });
  });

  it('keep a choice for this page when storage refuses to write it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    setChatPreference('showThinking', true);
    expect(getChatPreferences().showThinking).toBe(true);
    vi.restoreAllMocks();
    // Once storage works again, a stored write takes over from the in-memory value.
    setChatPreference('showThinking', false);
    expect(getChatPreferences().showThinking).toBe(false);
    expect(window.localStorage.getItem('showThinking')).toBe('false');
  });

  it('survive storage that cannot even be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getChatPreferences()).toEqual({ enterToSend: true, saveDrafts: true, showThinking: false });
  });

  it('update every component using them when one is set', () => {
    const first = renderHook(() => useChatPreferences());
    const second = renderHook(() => useChatPreferences());
    expect(second.result.current.enterToSend).toBe(true);
    act(() => first.result.current.set('enterToSend', false));
    expect(first.result.current.enterToSend).toBe(false);
    expect(second.result.current.enterToSend).toBe(false);
  });

  it('pick up a change made in another tab', () => {
    const { result } = renderHook(() => useChatPreferences());
    act(() => {
      window.localStorage.setItem('saveDrafts', 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: 'saveDrafts' }));
    });
    expect(result.current.saveDrafts).toBe(false);
  });

  it('return the same snapshot while nothing changed', () => {
    expect(getChatPreferences()).toBe(getChatPreferences());
  });
});
