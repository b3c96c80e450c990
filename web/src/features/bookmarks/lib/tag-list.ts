import type { Tag } from '@contract/tags';

/*
 * Edits of the cached bookmark list, mirroring what the server does (worker/db/tags.ts):
 * positions are dense and 1-based, a move shifts the ones in between, a delete closes the gap.
 * Pure, so the optimistic update and its rollback are easy to reason about and to test.
 */

/** Numbers the bookmarks 1…n in their current order. */
const renumber = (tags: Tag[]): Tag[] =>
  tags.map((tag, index) => (tag.position === index + 1 ? tag : { ...tag, position: index + 1 }));

/** Moves the bookmark at `from` to `to` (0-based indexes, clamped into the list). */
export function moveTag(tags: Tag[], from: number, to: number): Tag[] {
  const target = Math.max(0, Math.min(tags.length - 1, to));
  if (from === target || from < 0 || from >= tags.length) return tags;
  const next = [...tags];
  const [moved] = next.splice(from, 1);
  if (!moved) return tags;
  next.splice(target, 0, moved);
  return renumber(next);
}

/** Replaces the bookmark called `name` with the server's answer (a rename or a new description). */
export const replaceTag = (tags: Tag[], name: string, updated: Tag): Tag[] =>
  tags.map((tag) => (tag.tag === name ? updated : tag));

/** Takes the bookmark out and closes the gap it leaves. */
export const removeTag = (tags: Tag[], name: string): Tag[] => renumber(tags.filter((tag) => tag.tag !== name));

/** Adds a new bookmark where the server put it (at the end, normally). */
export function addTag(tags: Tag[], created: Tag): Tag[] {
  const others = tags.filter((tag) => tag.tag !== created.tag);
  return [...others, created].sort((a, b) => a.position - b.position);
}

/**
 * The counts after one conversation's bookmarks went from `before` to `after`: one more chat
 * for each added bookmark, one fewer for each removed one.
 */
export function withCountChanges(tags: Tag[], before: readonly string[], after: readonly string[]): Tag[] {
  const added = new Set(after.filter((name) => !before.includes(name)));
  const removed = new Set(before.filter((name) => !after.includes(name)));
  return tags.map((tag) => {
    if (added.has(tag.tag)) return { ...tag, count: tag.count + 1 };
    if (removed.has(tag.tag)) return { ...tag, count: Math.max(0, tag.count - 1) };
    return tag;
  });
}

/** `tags` with `name` added (at the end) or taken out. */
export const toggleName = (names: readonly string[], name: string): string[] =>
  names.includes(name) ? names.filter((other) => other !== name) : [...names, name];
