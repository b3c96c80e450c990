import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointsConfig } from '@contract/config';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/endpoints: the configured endpoints and their settings, keyed by endpoint name. */
export const getEndpoints = (): Promise<EndpointsConfig> => request<EndpointsConfig>('/api/endpoints');

/** Endpoints never go stale within a page load. */
export const endpointsQueryOptions = queryOptions({
  queryKey: ['endpoints'],
  queryFn: getEndpoints,
  staleTime: Infinity,
});

export const useEndpoints = (config: QueryConfig = {}) => useQuery({ ...endpointsQueryOptions, ...config });
