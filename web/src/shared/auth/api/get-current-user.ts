import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contract/auth';
import { request } from '@/lib/api/request';
import { restoreSession } from '@/lib/api/refresh-token';
import { getAccessToken } from '@/lib/api/token-store';
import type { QueryConfig } from '@/lib/react-query';

export const currentUserQueryKey = ['user'] as const;

/**
 * The signed-in user, or null when nobody is. Without an access token in memory (every page
 * load) this is the silent refresh: the refreshToken cookie yields `{token, user}`, or a 200
 * with no session in it. With a token it is `GET /api/user`.
 */
export async function getCurrentUser(): Promise<PublicUser | null> {
  if (!getAccessToken()) {
    const session = await restoreSession();
    if (!session) return null;
    if (session.user) return session.user;
  }
  return request<PublicUser>('/api/user');
}

/**
 * `['user']`. Never stale on its own: sign-in, sign-out and the settings screens write or
 * invalidate it (`queryClient.invalidateQueries({ queryKey: currentUserQueryKey })`).
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  staleTime: Infinity,
});

export const useCurrentUser = (config: QueryConfig = {}) => useQuery({ ...currentUserQueryOptions, ...config });
