import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';

/*
 * The modules of the signed-in chat page, named once so the router and the boot load the same
 * ones (a module is fetched and evaluated once, whoever imports it first).
 */
export const loadProtectedLayout = () => import('./layouts/protected-layout');
export const loadChatRoute = () => import('@/app/routes/chat');

/**
 * Starts loading the chat page's modules when the address is a conversation, before the router
 * exists: the router asks for them only once the whole entry chunk (React, the router, i18n)
 * has been evaluated, and a long conversation's first paint waits for them. The router's own
 * requests later get these same modules. A failure is left to the router, which reports it.
 */
export function preloadRouteModules(pathname: string): void {
  if (!matchPath(paths.chat.conversation.path, pathname)) return;
  for (const load of [loadProtectedLayout, loadChatRoute]) load().catch(() => undefined);
}
