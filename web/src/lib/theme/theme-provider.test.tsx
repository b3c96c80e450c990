import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { THEME_STORAGE_KEY } from './theme';
import { ThemeProvider } from './theme-provider';

const isDark = () => document.documentElement.classList.contains('dark');
const pressShortcut = () => fireEvent.keyDown(window, { key: 'T', ctrlKey: true, shiftKey: true });
const announcement = () => screen.getByTestId('theme-announcement');

const renderTheme = () =>
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );

describe('ThemeProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-07-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is dark by default when the system states no preference for light', () => {
    mockSystemTheme({ prefersLight: false });
    renderTheme();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('is light when the system prefers light and nothing is stored', () => {
    mockSystemTheme({ prefersLight: true });
    renderTheme();
    expect(isDark()).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('follows the system preference while the theme is system', () => {
    const system = mockSystemTheme({ prefersLight: false });
    renderTheme();
    expect(isDark()).toBe(true);
    act(() => system.setPrefersLight(true));
    expect(isDark()).toBe(false);
  });

  it('uses the stored choice over the system preference', () => {
    mockSystemTheme({ prefersLight: true });
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderTheme();
    expect(isDark()).toBe(true);
  });

  it('persists a change under color-theme', () => {
    mockSystemTheme({ prefersLight: false });
    renderTheme();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('toggles dark/light with Ctrl+Shift+T and announces it for one second', () => {
    mockSystemTheme({ prefersLight: false });
    renderTheme();

    pressShortcut();
    expect(isDark()).toBe(false);
    expect(announcement()).toHaveTextContent('Light theme enabled');

    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(announcement()).toHaveTextContent('Light theme enabled');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(announcement()).toHaveTextContent('');

    pressShortcut();
    expect(isDark()).toBe(true);
    expect(announcement()).toHaveTextContent('Dark theme enabled');
  });

  it('ignores a change within 500 ms of the previous one', () => {
    mockSystemTheme({ prefersLight: false });
    renderTheme();

    pressShortcut();
    expect(isDark()).toBe(false);

    act(() => {
      vi.advanceTimersByTime(499);
    });
    pressShortcut();
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    pressShortcut();
    expect(isDark()).toBe(true);
  });

  it('does not react to Ctrl+T or Shift+T alone', () => {
    mockSystemTheme({ prefersLight: false });
    renderTheme();
    fireEvent.keyDown(window, { key: 't', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'T', shiftKey: true });
    expect(isDark()).toBe(true);
  });
});
