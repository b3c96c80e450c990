import { createContext, useContext } from 'react';
import type { ResolvedTheme, Theme } from './theme';

export type ThemeContextValue = {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  /** Ignored when it comes within THEME_CHANGE_DEBOUNCE_MS of the previous change. */
  setTheme: (theme: Theme) => void;
  /** Switches between dark and light (from system too, based on what is painted). */
  toggleTheme: () => void;
};

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
