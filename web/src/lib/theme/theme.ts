/** What the user chose. `system` follows the operating system's preference. */
export type Theme = 'system' | 'dark' | 'light';
/** What is actually painted. */
export type ResolvedTheme = 'dark' | 'light';

/** localStorage key, shared with LibreChat and with the pre-paint script (web/src/head/theme-init.js). */
export const THEME_STORAGE_KEY = 'color-theme';
/** Dark is the default; only an explicit OS preference for light turns it light. */
export const PREFERS_LIGHT_QUERY = '(prefers-color-scheme: light)';
/** Changes closer together than this are ignored, so a held-down shortcut does not strobe. */
export const THEME_CHANGE_DEBOUNCE_MS = 500;
/** The screen-reader announcement is cleared after this, so it is not re-read later. */
export const THEME_ANNOUNCEMENT_CLEAR_MS = 1000;

const THEMES: readonly Theme[] = ['system', 'dark', 'light'];
const isTheme = (value: unknown): value is Theme => THEMES.some((theme) => theme === value);

export function resolveTheme(theme: Theme, systemPrefersLight: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersLight ? 'light' : 'dark';
  return theme;
}

/** The stored choice; anything missing, unknown or unreadable (private mode) means system. */
export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the theme still applies for this visit.
  }
}

/** Paints a resolved theme on <html>, the same way the pre-paint script does. */
export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}
