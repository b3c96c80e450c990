import { NEW_CONVERSATION, PENDING_CONVERSATION, SEARCH_CONVERSATION } from '../types';

/**
 * Whether an id names no saved conversation: `new`, `PENDING` (the first send is
 * in flight) and `search` have no messages on the server, so nothing is fetched for them.
 */
export function isUnsavedConversationId(conversationId: string | null | undefined): boolean {
  return (
    conversationId === null ||
    conversationId === undefined ||
    conversationId === '' ||
    conversationId === NEW_CONVERSATION ||
    conversationId === PENDING_CONVERSATION ||
    conversationId === SEARCH_CONVERSATION
  );
}
