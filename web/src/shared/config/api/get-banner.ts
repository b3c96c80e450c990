import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@contract/config';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

/**
 * GET /api/banner: the banner to show now, or null. Its `message` is HTML: it must be
 * sanitised before it is rendered.
 */
export const getBanner = async (): Promise<Banner | null> => (await request<Banner | null>('/api/banner')) ?? null;

export const bannerQueryOptions = queryOptions({
  queryKey: ['banner'],
  queryFn: getBanner,
});

export const useBanner = (config: QueryConfig = {}) => useQuery({ ...bannerQueryOptions, ...config });
