import type { ConversationListItem as ApiListItem, ConversationPage as ApiPage } from '@contract/convos';

/**
 * A row of `GET /api/convos` as the sidebar keeps it: the contract's row, only the fields read
 * here (rows made locally from a whole conversation carry no more). Dates are ISO strings.
 */
export type ConversationListItem = Pick<
  ApiListItem,
  'conversationId' | 'title' | 'endpoint' | 'model' | 'isArchived' | 'createdAt' | 'updatedAt'
>;

/** One page of the keyset-paged list; `nextCursor` is null on the last page. */
export type ConversationPage = Omit<ApiPage, 'conversations'> & { conversations: ConversationListItem[] };
