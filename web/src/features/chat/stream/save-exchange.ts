import type { QueryClient } from '@tanstack/react-query';
import { writeConversation, writeConversationTitle } from '@/shared/conversation/api/conversation-cache';
import { writeMessages } from '@/shared/conversation/api/messages-cache';
import { type ChatMessage, NO_PARENT } from '@/shared/conversation/types';
import { generateTitle } from '../api/generate-title';
import type { LiveExchange } from './live-exchange';
import { TITLE_DELAY_MS } from './run-timing';

/**
 * A finished exchange (a `final`, or an abort's answer) into the react-query caches: the saved
 * request and reply replace the send's placeholders in the conversation's messages, and the
 * conversation as saved replaces the cached one. A new conversation gets its title asked for.
 */
export function saveExchange(
  queryClient: QueryClient,
  conversationId: string,
  exchange: LiveExchange,
  placeholderIds: readonly string[],
): void {
  const saved = [exchange.requestMessage, exchange.responseMessage].filter(
    (message): message is ChatMessage => message !== null,
  );
  writeMessages(queryClient, conversationId, saved, placeholderIds);
  const end = exchange.end;
  if (end?.kind !== 'final') return;
  if (end.conversation) writeConversation(queryClient, conversationId, end.conversation);
  // `title` is null exactly for a conversation this run created (its first message has no parent).
  if (end.title === null && exchange.requestMessage?.parentMessageId === NO_PARENT)
    scheduleTitle(queryClient, conversationId);
}

/** Asks for the new conversation's title {@link TITLE_DELAY_MS} later; none (404) changes nothing. */
export function scheduleTitle(queryClient: QueryClient, conversationId: string): void {
  setTimeout(() => {
    generateTitle(conversationId)
      .then((title) => {
        if (title) writeConversationTitle(queryClient, conversationId, title);
      })
      .catch((error: unknown) => {
        console.warn(
          JSON.stringify({ level: 'warn', event: 'chat_title_failed', conversationId, error: String(error) }),
        );
      });
  }, TITLE_DELAY_MS);
}
