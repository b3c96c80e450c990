import { useCallback, useSyncExternalStore } from 'react';

/**
 * A choice a chat makes for itself (the MCP servers it turned on, web search on or off), kept in
 * this browser per conversation, as LibreChat keeps its ephemeral agent. A new chat's choice is
 * kept under `new` and moves to the conversation's id when the server names it, so it stays on
 * after the first reply. The empty choice is stored as no entry at all.
 */
export interface ConversationChoice<T> {
  /** The choice of `conversationId` (`new` for a chat not yet saved). */
  of(conversationId: string): T;
  /** A new chat's choice becomes the saved conversation's, unless that one already chose. */
  adopt(conversationId: string): void;
  use(conversationId: string): [T, (value: T) => void];
}

interface ChoiceFormat<T> {
  empty: T;
  isEmpty(value: T): boolean;
  /** The stored JSON's value, or `empty` when it is not one. */
  parse(value: unknown): T;
}

export function conversationChoice<T>(prefix: string, format: ChoiceFormat<T>): ConversationChoice<T> {
  const listeners = new Set<() => void>();
  // Parsed values by storage key: `getSnapshot` must return the same value while nothing changed.
  const cache = new Map<string, T>();

  const read = (conversationId: string): T => {
    const key = prefix + conversationId;
    if (cache.has(key)) return cache.get(key) as T;
    let value = format.empty;
    try {
      const raw = window.localStorage.getItem(key);
      if (raw !== null) value = format.parse(JSON.parse(raw));
    } catch {
      // An unreadable entry is no choice.
    }
    cache.set(key, value);
    return value;
  };

  const write = (conversationId: string, value: T): void => {
    const key = prefix + conversationId;
    cache.set(key, value);
    try {
      if (format.isEmpty(value)) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or off: the choice lasts for this page.
    }
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function useChoice(conversationId: string): [T, (value: T) => void] {
    const value = useSyncExternalStore(subscribe, () => read(conversationId));
    const set = useCallback((next: T) => write(conversationId, next), [conversationId]);
    return [value, set];
  }

  return {
    of: read,
    adopt(conversationId) {
      const chosen = read('new');
      if (format.isEmpty(chosen) || !format.isEmpty(read(conversationId))) return;
      write(conversationId, chosen);
      write('new', format.empty);
    },
    use: useChoice,
  };
}
