/**
 * The react-query keys of the conversation list, defined once so the list, its mutations and
 * the chat's cache sync agree. Every list key starts with `convos`, so one prefix reaches all.
 */
export const convoKeys = {
  all: ['convos'] as const,
  /** With `tags`: only conversations with one of those bookmarks (not edited in place; refetched). */
  list: (filter: { isArchived: boolean; tags?: readonly string[] }) => ['convos', 'list', filter] as const,
};
