import type { QueryClient } from '@tanstack/react-query';
import type { EndpointsConfig } from '@contract/config';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import type { ChatMessage } from '@/shared/conversation/types';
import { type LiveExchange, resumeExchange } from './live-exchange';
import { replySender } from './reply-sender';
import { isCustomEndpoint, sendPath } from './send-path';

/*
 * A run re-attached from another tab (or after a reload) comes with no send behind it: what
 * it needs beyond its frames — the reply's name, a continued reply's earlier text, the
 * endpoint to abort at — is what this tab has cached of the conversation, read again as frames
 * arrive while the reload is still loading it.
 */

const cachedConversation = (queryClient: QueryClient, conversationId: string) =>
  queryClient.getQueryData<ChatConversation>(chatKeys.conversation(conversationId));

/** Where a re-attached run starts drawing from. */
export function resumedExchange(queryClient: QueryClient, conversationId: string): LiveExchange {
  const messages = queryClient.getQueryData<ChatMessage[]>(chatKeys.messages(conversationId)) ?? [];
  const replyBases: Record<string, string> = {};
  for (const message of messages) if (!message.isCreatedByUser) replyBases[message.messageId] = message.text;
  return resumeExchange(conversationId, resumedReplySender(queryClient, conversationId) ?? '', replyBases);
}

/**
 * The reply's name by the rule a live reply is named by (the conversation's endpoint, model
 * and labels), or null while this tab has not loaded what the rule needs: after a reload the
 * run is re-attached before the conversation, or a custom endpoint's display label, arrives.
 */
function resumedReplySender(queryClient: QueryClient, conversationId: string): string | null {
  const conversation = cachedConversation(queryClient, conversationId);
  if (!conversation) return null;
  const endpoints = queryClient.getQueryData<EndpointsConfig>(endpointsQueryOptions.queryKey);
  if (!endpoints && isCustomEndpoint(conversation)) return null;
  const displayLabel = conversation.endpoint ? endpoints?.[conversation.endpoint]?.modelDisplayLabel : undefined;
  return replySender(conversation, displayLabel);
}

/**
 * A re-attached run still unnamed, named once what the rule needs has loaded; its reply, if
 * already drawn without a name, takes the name too, so it never shows the generic label.
 */
export function namedResumedExchange(queryClient: QueryClient, exchange: LiveExchange): LiveExchange {
  if (exchange.replySender !== '' || !exchange.conversationId) return exchange;
  const sender = resumedReplySender(queryClient, exchange.conversationId);
  if (sender === null) return exchange;
  const reply = exchange.responseMessage;
  return {
    ...exchange,
    replySender: sender,
    responseMessage: reply && reply.sender === '' ? { ...reply, sender } : reply,
  };
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
