import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import {
  applyTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  type Theme,
  THEME_ANNOUNCEMENT_CLEAR_MS,
  THEME_CHANGE_DEBOUNCE_MS,
} from './theme';
import { useSystemPrefersLight } from './use-system-prefers-light';
import { useThemeShortcut } from './use-theme-shortcut';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [announcement, setAnnouncement] = useState('');
  const systemPrefersLight = useSystemPrefersLight();
  const resolvedTheme = resolveTheme(theme, systemPrefersLight);
  // Time of the last accepted change; -Infinity so the first change is never debounced.
  const lastChangeAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  useEffect(() => {
    if (!announcement) return;
    const timer = window.setTimeout(() => setAnnouncement(''), THEME_ANNOUNCEMENT_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [announcement]);

  const setTheme = useCallback(
    (next: Theme) => {
      const now = Date.now();
      if (now - lastChangeAt.current < THEME_CHANGE_DEBOUNCE_MS) return;
      lastChangeAt.current = now;
      setThemeState(next);
      storeTheme(next);
      const painted = resolveTheme(next, systemPrefersLight);
      setAnnouncement(t(painted === 'dark' ? 'com_ui_dark_theme_enabled' : 'com_ui_light_theme_enabled'));
    },
    [systemPrefersLight, t],
  );

  const toggleTheme = useCallback(
    () => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark'),
    [resolvedTheme, setTheme],
  );

  useThemeShortcut(toggleTheme);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, resolvedTheme, setTheme, toggleTheme }),
    [theme, resolvedTheme, setTheme, toggleTheme],
  );

  return (
    <ThemeContext.Provider value={value}>
      {children}
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="theme-announcement">
        {announcement}
      </div>
    </ThemeContext.Provider>
  );
}
