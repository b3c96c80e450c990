/**
 * The react-query key of the user's bookmarks (`GET /api/tags`), defined once so the list,
 * its mutations and the conversation menus agree. LibreChat calls this query `conversationTags`.
 */
export const tagKeys = {
  all: ['conversationTags'] as const,
};
