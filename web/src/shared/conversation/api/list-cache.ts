import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, ConversationPage } from './conversation-list-types';
import { convoKeys } from './convo-keys';

export type ListData = InfiniteData<ConversationPage, string | null>;

/*
 * Edits of the cached list in place: no refetch,
 * so the sidebar never flashes. Page boundaries stay where the server put them (the cursors
 * still point after each page's last row); a page left empty is dropped.
 */

const dropEmptyPages = (data: ListData): ListData => {
  const keep = data.pages.map((page, index) => page.conversations.length > 0 || index === 0);
  // The first page stays even when empty: an empty list is still a loaded list.
  return { pages: data.pages.filter((_, i) => keep[i]), pageParams: data.pageParams.filter((_, i) => keep[i]) };
};

/** Removes a conversation from every page. */
export function removeFromList(data: ListData, conversationId: string): ListData {
  const pages = data.pages.map((page) => ({
    ...page,
    conversations: page.conversations.filter((item) => item.conversationId !== conversationId),
  }));
  return dropEmptyPages({ ...data, pages });
}

/** Adds a conversation to the top of the first page (taking it out wherever else it was). */
export function prependToList(data: ListData, item: ConversationListItem): ListData {
  const without = removeFromList(data, item.conversationId);
  const [first, ...rest] = without.pages;
  if (!first) return { pages: [{ conversations: [item], nextCursor: null }], pageParams: [null] };
  return { ...without, pages: [{ ...first, conversations: [item, ...first.conversations] }, ...rest] };
}

/** Changes a conversation where it is; nothing when it is not listed. */
export function patchInList(data: ListData, conversationId: string, patch: Partial<ConversationListItem>): ListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((item) =>
        item.conversationId === conversationId ? { ...item, ...patch } : item,
      ),
    })),
  };
}

export function findInList(data: ListData | undefined, conversationId: string): ConversationListItem | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.conversations.find((item) => item.conversationId === conversationId);
    if (found) return found;
  }
  return undefined;
}

/** Applies `edit` to the cached list of `isArchived`, when that list is cached at all. */
export function editList(queryClient: QueryClient, isArchived: boolean, edit: (data: ListData) => ListData): void {
  queryClient.setQueryData<ListData>(convoKeys.list({ isArchived }), (data) => (data ? edit(data) : data));
}
