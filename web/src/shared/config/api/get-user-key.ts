import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserKeyExpiry } from '@contract/auth';
import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

/**
 * GET /api/keys?name=: the expiry of the user's own key for an endpoint, or null when there is
 * none (the server answers 404 for a missing or expired key).
 */
export async function getUserKey(name: string): Promise<UserKeyExpiry | null> {
  try {
    return await request<UserKeyExpiry>(`/api/keys?${new URLSearchParams({ name }).toString()}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const userKeyQueryKey = (name: string) => ['userKeys', name] as const;

export const userKeyQueryOptions = (name: string) =>
  queryOptions({
    queryKey: userKeyQueryKey(name),
    queryFn: () => getUserKey(name),
    // Changed only by this user through the key dialog, which refreshes it.
    staleTime: Infinity,
  });

export const useUserKey = (name: string, config: QueryConfig = {}) =>
  useQuery({ ...userKeyQueryOptions(name), ...config });
