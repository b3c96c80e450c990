/**
 * A row of `GET /api/convos` (worker/services/conversations/to-api.ts `toApiListItem`): the
 * fields the sidebar reads. Dates are ISO strings; the list is sorted by `updatedAt`, newest first.
 */
export interface ConversationListItem {
  conversationId: string;
  title: string;
  endpoint: string | null;
  model: string | null;
  isArchived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One page of the keyset-paged list; `nextCursor` is null on the last page. */
export interface ConversationPage {
  conversations: ConversationListItem[];
  nextCursor: string | null;
}
