import type { SortDirection, SortField } from '@contract/convos';
import { convoKeys } from '@/shared/conversation/api/convo-keys';

/** The manager sorts by the list's title or creation date. */
export type ArchiveSortField = Extract<SortField, 'title' | 'createdAt'>;
export type { SortDirection };
export type ArchiveSort = { sortBy: ArchiveSortField; sortDirection: SortDirection };

/** Archived chats come newest first by creation date until the user sorts. */
export const DEFAULT_ARCHIVE_SORT: ArchiveSort = { sortBy: 'createdAt', sortDirection: 'desc' };

/**
 * The manager's lists, one per sort and search. They live under the `convos` prefix, so
 * anything that refreshes every conversation list (an import, delete all) reaches them too.
 */
export const archivedKeys = {
  all: [...convoKeys.all, 'archived'] as const,
  list: (filter: ArchiveSort & { search: string }) => [...convoKeys.all, 'archived', filter] as const,
};
