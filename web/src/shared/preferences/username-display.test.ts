import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUsernameDisplay, useUsernameDisplay } from './username-display';

describe('username display', () => {
  it('is on by default and stored as LibreChat’s UsernameDisplay boolean', () => {
    const { result } = renderHook(() => useUsernameDisplay());
    expect(result.current).toBe(true);
    act(() => setUsernameDisplay(false));
    expect(result.current).toBe(false);
    expect(window.localStorage.getItem('UsernameDisplay')).toBe('false');
  });

  it('reads a stored choice, and treats anything but a boolean as the default', () => {
    window.localStorage.setItem('UsernameDisplay', 'false');
    expect(renderHook(() => useUsernameDisplay()).result.current).toBe(false);
    window.localStorage.setItem('UsernameDisplay', '"no"');
    expect(renderHook(() => useUsernameDisplay()).result.current).toBe(true);
  });
});
