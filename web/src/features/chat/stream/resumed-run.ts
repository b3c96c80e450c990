import type { QueryClient } from '@tanstack/react-query';
import type { EndpointsConfig } from '@contract/config';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import type { ChatMessage } from '@/shared/conversation/types';
import { type LiveExchange, resumeExchange } from './live-exchange';
import { replySender } from './reply-sender';
import { sendPath } from './send-path';

/*
 * A run re-attached from another tab (or after a reload) comes with no send behind it: what
 * it needs beyond its frames — the reply's name, a continued reply's earlier text, the
 * endpoint to abort at — is what this tab has cached of the conversation.
 */

const cachedConversation = (queryClient: QueryClient, conversationId: string) =>
  queryClient.getQueryData<ChatConversation>(chatKeys.conversation(conversationId));

/** Where a re-attached run starts drawing from. */
export function resumedExchange(queryClient: QueryClient, conversationId: string): LiveExchange {
  const conversation = cachedConversation(queryClient, conversationId);
  const messages = queryClient.getQueryData<ChatMessage[]>(chatKeys.messages(conversationId)) ?? [];
  const replyBases: Record<string, string> = {};
  for (const message of messages) if (!message.isCreatedByUser) replyBases[message.messageId] = message.text;
  const endpoints = queryClient.getQueryData<EndpointsConfig>(endpointsQueryOptions.queryKey);
  const displayLabel = conversation?.endpoint ? endpoints?.[conversation.endpoint]?.modelDisplayLabel : undefined;
  return resumeExchange(conversationId, conversation ? replySender(conversation, displayLabel) : '', replyBases);
}

/** The run's endpoint: the conversation's, else the one its user message names. */
export function endpointOfRun(queryClient: QueryClient, conversationId: string, exchange: LiveExchange): string | null {
  return cachedConversation(queryClient, conversationId)?.endpoint ?? exchange.requestMessage?.endpoint ?? null;
}

/** The ask path of a re-attached run (its abort posts there); throws when the endpoint is unknown. */
export function pathOfRun(queryClient: QueryClient, conversationId: string, endpoint: string | null): string {
  const endpointType = cachedConversation(queryClient, conversationId)?.endpointType ?? null;
  return sendPath({ mode: 'normal', setup: { endpoint, endpointType } });
}
