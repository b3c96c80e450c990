import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPageView } from '@contract/public-pages';
import type { PublicPageSlug } from '@contract/public-page-slugs';
import { request } from '@/lib/api/request';
import { readEmbeddedPage } from '../lib/embedded-page';

/** `GET /api/pages/{slug}`: public; works without a session. */
const getPublicPage = (slug: PublicPageSlug) => request<PublicPageView>(`/api/pages/${slug}`);

/**
 * A public page: the copy the server embedded in the document when there is one (no request,
 * no spinner), otherwise fetched. Refetched on a later visit, so a push shows without a reload.
 */
export const publicPageQueryOptions = (slug: PublicPageSlug) =>
  queryOptions({
    queryKey: ['publicPage', slug] as const,
    queryFn: () => getPublicPage(slug),
    initialData: () => readEmbeddedPage(slug),
    staleTime: 60_000,
  });

export const usePublicPage = (slug: PublicPageSlug) => useQuery(publicPageQueryOptions(slug));
