import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import { currentUserQueryOptions } from '@/shared/auth/api/get-current-user';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { messagesQueryOptions } from '@/shared/conversation/api/get-messages';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';

/**
 * Starts, as the app boots, the requests the first page will make anyway, into the same cache
 * entries its hooks read. The router renders a page only once its lazy chunks have arrived, and
 * the hooks ask only then: the session restore, and behind it an opened conversation's
 * messages (the largest answer of the chat screen), waited for those chunks instead of
 * travelling beside them. Every page asks for the config and the session (RootLayout), so this
 * adds no request; the messages are fetched only for a signed-in visit to /c/{id}.
 */
export async function prefetchForBoot(queryClient: QueryClient, pathname: string): Promise<void> {
  const config = queryClient.prefetchQuery(startupConfigQueryOptions);
  const conversationId = matchPath(paths.chat.conversation.path, pathname)?.params.conversationId;
  const user = await queryClient.fetchQuery(currentUserQueryOptions).catch(() => null);
  if (user && conversationId && !isUnsavedConversationId(conversationId)) {
    await queryClient.prefetchQuery(messagesQueryOptions(conversationId));
  }
  await config;
}
