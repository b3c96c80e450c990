import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which MCP servers each chat has turned on, kept in this browser per conversation (LibreChat
 * keeps its ephemeral agent per conversation too). A new chat's choice is kept under `new` and
 * moves to the conversation's id when the server names it, so it stays on after the first reply.
 */
const STORAGE_PREFIX = 'mcpServers:';
const listeners = new Set<() => void>();
/** Parsed values by storage key: `getSnapshot` must return the same array while nothing changed. */
const cache = new Map<string, string[]>();
const NONE: string[] = [];

function read(conversationId: string): string[] {
  const key = STORAGE_PREFIX + conversationId;
  const cached = cache.get(key);
  if (cached) return cached;
  let servers = NONE;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    if (Array.isArray(parsed)) servers = parsed.filter((name): name is string => typeof name === 'string');
  } catch {
    // An unreadable entry is no choice.
  }
  cache.set(key, servers);
  return servers;
}

function write(conversationId: string, servers: string[]): void {
  const key = STORAGE_PREFIX + conversationId;
  cache.set(key, servers);
  try {
    if (servers.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(servers));
  } catch {
    // Storage full or off: the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The servers turned on for `conversationId` (`new` for a chat not yet saved). */
export const mcpSelectionOf = (conversationId: string): string[] => read(conversationId);

/** A new chat's choice becomes the saved conversation's. */
export function adoptMcpSelection(conversationId: string): void {
  const chosen = read('new');
  if (chosen.length === 0 || read(conversationId).length > 0) return;
  write(conversationId, chosen);
  write('new', NONE);
}

export function useMcpSelection(conversationId: string): [string[], (servers: string[]) => void] {
  const selection = useSyncExternalStore(subscribe, () => read(conversationId));
  const setSelection = useCallback((servers: string[]) => write(conversationId, servers), [conversationId]);
  return [selection, setSelection];
}
