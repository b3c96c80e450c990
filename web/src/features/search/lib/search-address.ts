import { paths } from '@/config/paths';

/** The query lives in the address (`/search?q=…`), so reload, back and shared links keep it. */
export const SEARCH_QUERY_PARAM = 'q';

export const searchHref = (query: string): string =>
  `${paths.search.getHref()}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: query }).toString()}`;

/** The query as typed (spaces kept, so the box shows exactly what the user wrote). */
export const readSearchQuery = (params: URLSearchParams): string => params.get(SEARCH_QUERY_PARAM) ?? '';

/** Blank text is no search: a search runs only with a non-empty query. */
export const isBlankQuery = (query: string): boolean => query.trim() === '';
