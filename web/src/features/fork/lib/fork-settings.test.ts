import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FORK_SETTING_DEFAULTS,
  getForkSettings,
  rememberedForkOption,
  setForkSetting,
  useForkSettings,
} from './fork-settings';

afterEach(() => window.localStorage.clear());

describe('fork settings', () => {
  it('starts with nothing remembered', () => {
    expect(getForkSettings()).toEqual(FORK_SETTING_DEFAULTS);
    expect(rememberedForkOption(getForkSettings())).toBeNull();
  });

  it('stores each choice under LibreChat’s key as JSON', () => {
    setForkSetting('forkSetting', 'directPath');
    setForkSetting('rememberDefaultFork', true);
    setForkSetting('splitAtTarget', true);
    expect(window.localStorage.getItem('forkSetting')).toBe('"directPath"');
    expect(window.localStorage.getItem('rememberDefaultFork')).toBe('true');
    expect(window.localStorage.getItem('splitAtTarget')).toBe('true');
    expect(getForkSettings()).toEqual({ forkSetting: 'directPath', rememberDefaultFork: true, splitAtTarget: true });
  });

  it('forks without asking only when remembering, with the server’s default when no option is stored', () => {
    expect(
      rememberedForkOption({ forkSetting: 'includeBranches', rememberDefaultFork: true, splitAtTarget: false }),
    ).toBe('includeBranches');
    expect(
      rememberedForkOption({ forkSetting: 'includeBranches', rememberDefaultFork: false, splitAtTarget: false }),
    ).toBeNull();
    expect(rememberedForkOption({ forkSetting: '', rememberDefaultFork: true, splitAtTarget: false })).toBe(
      'targetLevel',
    );
  });

  it('ignores stored values it does not understand', () => {
    window.localStorage.setItem('forkSetting', '"everything"');
    window.localStorage.setItem('rememberDefaultFork', 'yes');
    window.localStorage.setItem('splitAtTarget', '{');
    expect(getForkSettings()).toEqual(FORK_SETTING_DEFAULTS);
  });

  it('re-renders subscribers when a choice changes', () => {
    const { result } = renderHook(() => useForkSettings());
    act(() => setForkSetting('splitAtTarget', true));
    expect(result.current.splitAtTarget).toBe(true);
  });
});
