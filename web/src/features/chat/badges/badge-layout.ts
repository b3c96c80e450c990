import { useSyncExternalStore } from 'react';

/**
 * Which badges the composer's badge row shows, and in what order: one entry in this browser
 * (`chatBadges`), changed only by the row's edit mode (Save). A badge this build knows but the
 * entry does not (a newer badge) joins at the end, shown. While the row is being edited, the
 * draft lives here too, so Settings can start the editing and the composer carry it out.
 */
export const BADGE_IDS = ['web_search', 'mcp'] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export interface BadgeLayout {
  /** Every badge, in the row's order (removed and unavailable ones keep their place). */
  order: BadgeId[];
  /** Taken out of the row by the user; listed in edit mode to be added back. */
  removed: BadgeId[];
}

const STORAGE_KEY = 'chatBadges';
const DEFAULT_LAYOUT: BadgeLayout = { order: [...BADGE_IDS], removed: [] };

const isBadgeId = (value: unknown): value is BadgeId => (BADGE_IDS as readonly unknown[]).includes(value);
const knownIds = (value: unknown): BadgeId[] => (Array.isArray(value) ? [...new Set(value.filter(isBadgeId))] : []);

/** The stored entry as a layout: unknown ids dropped, missing ones appended. */
export function parseLayout(value: unknown): BadgeLayout {
  if (typeof value !== 'object' || value === null) return DEFAULT_LAYOUT;
  const entry = value as { order?: unknown; removed?: unknown };
  const order = knownIds(entry.order);
  return {
    order: [...order, ...BADGE_IDS.filter((id) => !order.includes(id))],
    removed: knownIds(entry.removed),
  };
}

let saved: BadgeLayout | null = null;
let draft: BadgeLayout | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function readSaved(): BadgeLayout {
  if (saved) return saved;
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    saved = raw === null ? DEFAULT_LAYOUT : parseLayout(JSON.parse(raw));
  } catch {
    saved = DEFAULT_LAYOUT;
  }
  return saved;
}

/** The saved layout: what the row shows outside edit mode. */
export const useBadgeLayout = (): BadgeLayout => useSyncExternalStore(subscribe, readSaved);

/** The layout being edited, or null outside edit mode. */
export const useBadgeDraft = (): BadgeLayout | null => useSyncExternalStore(subscribe, () => draft);

/** Enters edit mode on a copy of the saved layout (Settings > Chat > Chat badges > Edit). */
export function startBadgeEditing(): void {
  const current = readSaved();
  draft = { order: [...current.order], removed: [...current.removed] };
  notify();
}

export function changeBadgeDraft(change: (layout: BadgeLayout) => BadgeLayout): void {
  if (!draft) return;
  draft = change(draft);
  notify();
}

/** Leaves edit mode, keeping the draft: it is stored and becomes the row. */
export function saveBadgeEditing(): void {
  if (!draft) return;
  saved = draft;
  draft = null;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or off: the layout lasts for this page.
  }
  notify();
}

/** Leaves edit mode, dropping the draft: the saved layout stays as it was. */
export function cancelBadgeEditing(): void {
  if (!draft) return;
  draft = null;
  notify();
}

/** Forgets what this page read, as after a reload (tests). */
export function resetBadgeLayoutForTests(): void {
  saved = null;
  draft = null;
  notify();
}
