import { useSyncExternalStore } from 'react';

/** The chat settings kept in this browser (spec 001 "Settings dialogs", chat tab). */
export interface ChatPreferences {
  /** Enter sends; Shift+Enter adds a line. Off: Enter adds a line, Ctrl/Cmd+Enter sends. */
  enterToSend: boolean;
  /** Reasoning ("thinking") sections start expanded. */
  showThinking: boolean;
  /** Unsent composer text is kept per conversation. */
  saveDrafts: boolean;
}

/**
 * Spec 000 §9 "Client defaults": enterToSend and saveDrafts on. The spec gives thinking
 * sections no default, so they start closed and a long reasoning does not push the answer down.
 */
export const CHAT_PREFERENCE_DEFAULTS: Readonly<ChatPreferences> = Object.freeze({
  enterToSend: true,
  showThinking: false,
  saveDrafts: true,
});

const PREFERENCE_KEYS = Object.keys(CHAT_PREFERENCE_DEFAULTS) as (keyof ChatPreferences)[];

// One localStorage entry per preference, named after it and holding JSON `true`/`false`:
// LibreChat's keys and format, so a browser that used LibreChat on this origin keeps its choices.
const readStored = (key: keyof ChatPreferences): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const parseBoolean = (raw: string | null): boolean | undefined => {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
};

/** Choices that could not be written (storage full or blocked): they hold for this page only. */
const unsaved: Partial<ChatPreferences> = {};
const listeners = new Set<() => void>();
let cached: { signature: string; value: ChatPreferences } | null = null;

/**
 * The current preferences. Storage is read every time (three small reads) so another tab's
 * change or a cleared storage is never hidden behind a stale copy; the object is only rebuilt
 * when something changed, which useSyncExternalStore needs to avoid re-rendering forever.
 */
export function getChatPreferences(): ChatPreferences {
  const raw = PREFERENCE_KEYS.map(readStored);
  const signature = JSON.stringify([raw, unsaved]);
  if (cached?.signature === signature) return cached.value;
  const value = { ...CHAT_PREFERENCE_DEFAULTS };
  PREFERENCE_KEYS.forEach((key, index) => {
    value[key] = unsaved[key] ?? parseBoolean(raw[index] ?? null) ?? CHAT_PREFERENCE_DEFAULTS[key];
  });
  cached = { signature, value };
  return value;
}

export function setChatPreference<K extends keyof ChatPreferences>(key: K, value: ChatPreferences[K]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    delete unsaved[key];
  } catch {
    unsaved[key] = value;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event; this tab's own writes do not fire one.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const getServerSnapshot = (): ChatPreferences => CHAT_PREFERENCE_DEFAULTS;

export type UseChatPreferences = ChatPreferences & {
  set: <K extends keyof ChatPreferences>(key: K, value: ChatPreferences[K]) => void;
};

/** The chat preferences; every component using it re-renders when one changes. */
export function useChatPreferences(): UseChatPreferences {
  const preferences = useSyncExternalStore(subscribe, getChatPreferences, getServerSnapshot);
  return { ...preferences, set: setChatPreference };
}
