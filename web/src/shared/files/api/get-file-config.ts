import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointFileLimits, FileConfigResponse } from '@contract/files';
import { request } from '@/lib/api/request';

/** GET /api/files/config: the upload limits per endpoint, merged with the defaults by the server. */
export const fileConfigQueryOptions = queryOptions({
  queryKey: ['fileConfig'],
  queryFn: () => request<FileConfigResponse>('/api/files/config'),
  // Configuration changes with a deploy, not while a page is open.
  staleTime: Infinity,
});

export const useFileConfig = () => useQuery(fileConfigQueryOptions);

/** The limits of an endpoint: its own entry, or `default` for one the config does not list. */
export function limitsFor(config: FileConfigResponse | undefined, endpoint: string | null | undefined) {
  if (!config) return undefined;
  const own: EndpointFileLimits | undefined = endpoint ? config.endpoints[endpoint] : undefined;
  return own ?? config.endpoints.default;
}
