import { useCallback, useState } from 'react';
import { useSmallScreen } from './use-small-screen';

/** The local key LibreChat keeps the sidebar's visibility under. */
export const NAV_VISIBLE_KEY = 'navVisible';

function readStored(): boolean | null {
  try {
    const raw = window.localStorage.getItem(NAV_VISIBLE_KEY);
    return raw === 'true' ? true : raw === 'false' ? false : null;
  } catch {
    // Storage can be refused (privacy settings): the default applies.
    return null;
  }
}

function store(visible: boolean): void {
  try {
    window.localStorage.setItem(NAV_VISIBLE_KEY, String(visible));
  } catch {
    // Not persisted, still applied for this page.
  }
}

/**
 * The sidebar's visibility: what the user last chose, else open on desktop and closed on a
 * phone (where it would cover the chat). Never set, it follows the screen size as it changes.
 */
export function useNavVisible() {
  const isSmall = useSmallScreen();
  const [chosen, setChosen] = useState<boolean | null>(readStored);
  const visible = chosen ?? !isSmall;
  const setVisible = useCallback((next: boolean) => {
    store(next);
    setChosen(next);
  }, []);
  return { visible, setVisible, isSmall };
}
