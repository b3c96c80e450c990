import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

interface AccountDisplay {
  /** The user's own messages are headed with their name; off, with "You". */
  UsernameDisplay: boolean;
}

// LibreChat's key (capitalised as it is) and JSON boolean, on by default as there.
const accountDisplayStore = createLocalSettingsStore<AccountDisplay>(
  { UsernameDisplay: true },
  { UsernameDisplay: isBoolean },
);

export const setUsernameDisplay = (show: boolean): void => accountDisplayStore.set('UsernameDisplay', show);

/** Whether the user's messages show their name; re-renders when the choice changes, in any tab. */
export function useUsernameDisplay(): boolean {
  return useLocalSettings(accountDisplayStore).UsernameDisplay;
}
