import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredMessage } from '@contract/messages';
import { takeEarlyMessages } from '@/lib/api/early-requests';
import { request } from '@/lib/api/request';
import type { ChatMessage } from '../types';
import { chatKeys } from './chat-keys';
import { isUnsavedConversationId } from './unsaved-conversation';

/** The message list is stale after 5 minutes and kept 30 minutes unused. */
const MESSAGES_STALE_MS = 5 * 60_000;
const MESSAGES_GC_MS = 30 * 60_000;

/** Shared, so an unsaved conversation always shows the same (empty) list object. */
const NO_MESSAGES: ChatMessage[] = [];

/**
 * GET /api/messages/{conversationId}: the conversation's messages, flat, oldest first. On the
 * page load that opens the conversation, the answer is usually already on its way
 * (early-requests.ts), with the session; without it, it is asked for here, with the usual renewal.
 */
export async function getMessages(conversationId: string): Promise<ChatMessage[]> {
  const early = await takeEarlyMessages(conversationId);
  if (early) return early;
  return request<StoredMessage[]>(`/api/messages/${encodeURIComponent(conversationId)}`);
}

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => getMessages(conversationId),
    staleTime: MESSAGES_STALE_MS,
    gcTime: MESSAGES_GC_MS,
  });

/**
 * The messages of a conversation. `new`, `PENDING` and `search` fetch nothing and show an
 * empty list (as placeholder data, so `isPending` stays true only for real loads).
 */
export function useMessages(conversationId: string | null | undefined) {
  const unsaved = isUnsavedConversationId(conversationId);
  return useQuery({
    ...messagesQueryOptions(conversationId ?? ''),
    enabled: !unsaved,
    placeholderData: unsaved ? NO_MESSAGES : undefined,
  });
}
