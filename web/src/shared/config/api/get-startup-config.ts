import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StartupConfig } from '@contract/config';
import { request } from '@/lib/api/request';

/** GET /api/config: what the SPA needs before anyone signs in (title, login methods, UI toggles). */
export const getStartupConfig = (): Promise<StartupConfig> => request<StartupConfig>('/api/config');

/** The startup config never goes stale within a page load. */
export const startupConfigQueryOptions = queryOptions({
  queryKey: ['startupConfig'],
  queryFn: getStartupConfig,
  staleTime: Infinity,
});

export const useStartupConfig = () => useQuery(startupConfigQueryOptions);
