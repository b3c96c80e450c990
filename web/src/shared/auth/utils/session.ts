import type { QueryClient } from '@tanstack/react-query';
import type { AuthSuccess, PublicUser } from '@contract/auth';
import { setAccessToken } from '@/lib/api/token-store';
import { currentUserQueryKey } from '../api/get-current-user';
import { forgetAutoRedirectDisabled } from './openid-auto-redirect';

/**
 * Queries that outlive a change of user: the public startup config, and `['user']` itself,
 * which is overwritten in place so whatever observes it re-renders at once.
 */
const KEPT_QUERY_KEYS: ReadonlySet<unknown> = new Set(['startupConfig', currentUserQueryKey[0]]);

function dropUserScopedQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_QUERY_KEYS.has(query.queryKey[0]) });
}

/** After a login or registration: the token in memory, a cache emptied of anyone else's data. */
export function establishSession(queryClient: QueryClient, { token, user }: AuthSuccess): void {
  setAccessToken(token);
  dropUserScopedQueries(queryClient);
  forgetAutoRedirectDisabled();
  queryClient.setQueryData<PublicUser | null>(currentUserQueryKey, user);
}

/** After a logout or a refresh that failed: no token, no cached data, nobody signed in. */
export function clearSession(queryClient: QueryClient): void {
  setAccessToken(null);
  dropUserScopedQueries(queryClient);
  queryClient.setQueryData<PublicUser | null>(currentUserQueryKey, null);
}
