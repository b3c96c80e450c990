import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

/** The chat settings kept in this browser (the settings dialog's chat tab). */
export interface ChatPreferences {
  /** Enter sends; Shift+Enter adds a line. Off: Enter adds a line, Ctrl/Cmd+Enter sends. */
  enterToSend: boolean;
  /** Reasoning ("thinking") sections start expanded. */
  showThinking: boolean;
  /** Unsent composer text is kept per conversation. */
  saveDrafts: boolean;
}

/**
 * LibreChat's client defaults: enterToSend and saveDrafts on. It gives thinking
 * sections no default, so they start closed and a long reasoning does not push the answer down.
 */
export const CHAT_PREFERENCE_DEFAULTS: Readonly<ChatPreferences> = Object.freeze({
  enterToSend: true,
  showThinking: false,
  saveDrafts: true,
});

// One localStorage entry per preference, named after it and holding JSON `true`/`false`:
// LibreChat's keys and format, so a browser that used LibreChat on this origin keeps its choices.
const chatPreferencesStore = createLocalSettingsStore<ChatPreferences>(CHAT_PREFERENCE_DEFAULTS, {
  enterToSend: isBoolean,
  showThinking: isBoolean,
  saveDrafts: isBoolean,
});

/** The current preferences; the same object until one changes. */
export const getChatPreferences: () => ChatPreferences = chatPreferencesStore.get;

export const setChatPreference: <K extends keyof ChatPreferences>(key: K, value: ChatPreferences[K]) => void =
  chatPreferencesStore.set;

export type UseChatPreferences = ChatPreferences & {
  set: <K extends keyof ChatPreferences>(key: K, value: ChatPreferences[K]) => void;
};

/** The chat preferences; every component using it re-renders when one changes. */
export function useChatPreferences(): UseChatPreferences {
  const preferences = useLocalSettings(chatPreferencesStore);
  return { ...preferences, set: setChatPreference };
}
