import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelsResponse } from '@contract/messages';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/models: the model names of each configured endpoint. */
export const getModels = (): Promise<ModelsResponse> => request<ModelsResponse>('/api/models');

export const modelsQueryKey = ['models'] as const;

/**
 * The lists follow the configuration, which does not change within a page load; a user's
 * own key can change a fetched list, so setting or revoking one invalidates this query.
 */
export const modelsQueryOptions = queryOptions({
  queryKey: modelsQueryKey,
  queryFn: getModels,
  staleTime: Infinity,
});

export const useModels = (config: QueryConfig = {}) => useQuery({ ...modelsQueryOptions, ...config });
