import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchEnabledResponse } from '@contract/search';
import { request } from '@/lib/api/request';

/** GET /api/search/enable: whether the server offers message search (a JSON boolean). */
export const getSearchEnabled = (): Promise<SearchEnabledResponse> =>
  request<SearchEnabledResponse>('/api/search/enable');

/** A config read like the startup config: it does not change within a page load. */
export const searchEnabledQueryOptions = queryOptions({
  queryKey: ['searchEnabled'],
  queryFn: getSearchEnabled,
  staleTime: Infinity,
});

/** True only once the server said so: the search box stays hidden while asking and on failure. */
export function useSearchEnabled(): boolean {
  return useQuery(searchEnabledQueryOptions).data === true;
}
