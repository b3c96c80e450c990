import { useSyncExternalStore } from 'react';

/*
 * The sidebar's bookmark filter: which bookmarks the conversation list is narrowed to. Kept
 * outside React so it survives the sidebar closing and opening again (the sidebar unmounts
 * when closed), as LibreChat keeps it for the page's life. It belongs to one user: another
 * user signing in on the same page starts unfiltered.
 */

type FilterState = { owner: string | null; tags: readonly string[] };

const NO_TAGS: readonly string[] = [];
let state: FilterState = { owner: null, tags: NO_TAGS };
const listeners = new Set<() => void>();

function write(next: FilterState): void {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The bookmarks `owner` filters by (none for anyone else). */
export function useStoredTagFilter(owner: string | undefined): readonly string[] {
  const current = useSyncExternalStore(subscribe, () => state);
  return owner !== undefined && current.owner === owner ? current.tags : NO_TAGS;
}

export function setTagFilter(owner: string, tags: readonly string[]): void {
  write({ owner, tags: tags.length === 0 ? NO_TAGS : tags });
}

/** A renamed bookmark stays in the filter under its new name. */
export function renameInTagFilter(from: string, to: string): void {
  if (!state.tags.includes(from)) return;
  write({ ...state, tags: state.tags.map((name) => (name === from ? to : name)) });
}

/** Back to no filter and no owner (tests, sign-out). */
export function resetTagFilter(): void {
  write({ owner: null, tags: NO_TAGS });
}
