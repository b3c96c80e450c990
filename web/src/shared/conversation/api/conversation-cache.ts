import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { conversationResponseSchema } from '@contract/messages';
import { chatKeys } from './chat-keys';
import type { ChatConversation } from './get-conversation';

/**
 * The conversation a stream's `final` (or an abort's answer) carries: the saved row without
 * its tags, unset options left out. Unknown fields are dropped rather than refused, so a
 * newer server adding one does not stop the cache from being updated.
 */
const finalConversationSchema = conversationResponseSchema
  .extend({
    tags: z.array(z.string()).default([]),
    endpoint: z.string().nullable().default(null),
    endpointType: z.string().nullable().default(null),
    model: z.string().nullable().default(null),
  })
  .strip();

/**
 * Puts the conversation as the run saved it into `chatKeys.conversation(id)`, keeping the
 * tags already known (the stream does not carry them). Something unreadable is refetched.
 */
export function writeConversation(queryClient: QueryClient, conversationId: string, wire: unknown): void {
  const queryKey = chatKeys.conversation(conversationId);
  const parsed = finalConversationSchema.safeParse(wire);
  if (!parsed.success || parsed.data.conversationId !== conversationId) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  const saved = parsed.data;
  queryClient.setQueryData<ChatConversation>(queryKey, (old) => ({ ...saved, tags: old?.tags ?? saved.tags }));
}

/** Shows a generated title on the cached conversation (fetching it when it is not cached). */
export function writeConversationTitle(queryClient: QueryClient, conversationId: string, title: string): void {
  const queryKey = chatKeys.conversation(conversationId);
  if (queryClient.getQueryData(queryKey) === undefined) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  queryClient.setQueryData<ChatConversation>(queryKey, (old) => (old ? { ...old, title } : old));
}
