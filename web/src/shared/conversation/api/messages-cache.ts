import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../types';
import { chatKeys } from './chat-keys';

/**
 * `list` with `incoming` merged in by messageId: a message already there is replaced where it
 * stands (the list is ordered by creation), a new one is appended, and `dropIds` (client
 * placeholders the server has replaced with real ids) are removed.
 */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  dropIds: readonly string[] = [],
): ChatMessage[] {
  const byId = new Map(incoming.map((message) => [message.messageId, message]));
  const dropped = new Set(dropIds.filter((id) => !byId.has(id)));
  const merged: ChatMessage[] = [];
  for (const message of list) {
    if (dropped.has(message.messageId)) continue;
    const replacement = byId.get(message.messageId);
    merged.push(replacement ?? message);
    byId.delete(message.messageId);
  }
  merged.push(...byId.values());
  return merged;
}

/**
 * Writes messages the server has saved (a stream's `final`, an edit) into the conversation's
 * cached list. A list still loading, or not cached at all, is refetched instead: merging
 * into it could be overwritten by the older answer in flight, and seeding an absent list with
 * only these messages would hide the rest of the conversation for the cache's lifetime.
 */
export function writeMessages(
  queryClient: QueryClient,
  conversationId: string,
  incoming: readonly ChatMessage[],
  dropIds: readonly string[] = [],
): void {
  const queryKey = chatKeys.messages(conversationId);
  const cached = queryClient.getQueryData<ChatMessage[]>(queryKey);
  if (cached) queryClient.setQueryData<ChatMessage[]>(queryKey, mergeMessages(cached, incoming, dropIds));
  const loading = queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';
  if (!cached || loading) void queryClient.invalidateQueries({ queryKey });
}

/** Refetches the conversation's messages (the server has the truth: a run ended unseen). */
export function refetchMessages(queryClient: QueryClient, conversationId: string): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
}

/**
 * Starts the message list of a conversation the first send has just created, so opening it
 * shows the user's message at once instead of fetching a list that is still being written.
 */
export function seedNewConversationMessages(
  queryClient: QueryClient,
  conversationId: string,
  requestMessage: ChatMessage,
): void {
  const queryKey = chatKeys.messages(conversationId);
  if (queryClient.getQueryData(queryKey) === undefined)
    queryClient.setQueryData<ChatMessage[]>(queryKey, [requestMessage]);
}
