import type { SharedLinksSort } from '../api/list-shared-links';

/**
 * The sort after a click on a column header: the same column flips its direction, another
 * column starts with its natural order (names A→Z, dates newest first).
 */
export function toggleSort(current: SharedLinksSort, column: SharedLinksSort['sortBy']): SharedLinksSort {
  if (current.sortBy === column)
    return { sortBy: column, sortDirection: current.sortDirection === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortDirection: column === 'title' ? 'asc' : 'desc' };
}

/** Bulk delete acts only on items with a real id; the rest are ignored. */
export const deletableIds = (shareIds: readonly (string | null | undefined)[]): string[] =>
  shareIds.filter((id): id is string => typeof id === 'string' && id.trim() !== '');
