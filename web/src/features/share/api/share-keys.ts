import type { SharedLinksSort } from './list-shared-links';

/**
 * The react-query keys of shared links, defined once so the dialog, the manager and their
 * mutations agree. Every key starts with `sharedLinks`, so one prefix reaches all.
 */
export const shareKeys = {
  all: ['sharedLinks'] as const,
  /** The caller's link of one conversation (`GET /api/share/link/{conversationId}`). */
  link: (conversationId: string) => ['sharedLinks', 'link', conversationId] as const,
  lists: ['sharedLinks', 'list'] as const,
  list: (filter: SharedLinksSort & { search: string }) => ['sharedLinks', 'list', filter] as const,
};
