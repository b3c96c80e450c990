import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermsStatus } from '@contract/auth';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

export const termsQueryKey = ['terms'] as const;

/** GET /api/user/terms: whether the signed-in user has accepted the terms. */
export const getTerms = (): Promise<TermsStatus> => request<TermsStatus>('/api/user/terms');

export const termsQueryOptions = queryOptions({ queryKey: termsQueryKey, queryFn: getTerms, staleTime: Infinity });

export const useTerms = (config: QueryConfig = {}) => useQuery({ ...termsQueryOptions, ...config });
