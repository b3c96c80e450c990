import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationResponse } from '@contract/messages';
import { request } from '@/lib/api/request';
import { chatKeys } from './chat-keys';
import { isUnsavedConversationId } from './unsaved-conversation';

/** A conversation as `GET /api/convos/{id}` answers it (settings, title, tags, dates). */
export type ChatConversation = ConversationResponse;

/** Like the conversation list: fresh for 5 minutes; the stream keeps it current. */
const CONVERSATION_STALE_MS = 5 * 60_000;

/** GET /api/convos/{id}: one conversation; 404 (ApiError) when it is missing or not the user's. */
export const getConversation = (conversationId: string): Promise<ChatConversation> =>
  request<ChatConversation>(`/api/convos/${encodeURIComponent(conversationId)}`);

export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: () => getConversation(conversationId),
    staleTime: CONVERSATION_STALE_MS,
  });

/** The conversation, or nothing at all for `new`, `PENDING` and `search`. */
export function useConversation(conversationId: string | null | undefined) {
  return useQuery({
    ...conversationQueryOptions(conversationId ?? ''),
    enabled: !isUnsavedConversationId(conversationId),
  });
}
