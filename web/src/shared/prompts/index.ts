import { useQuery } from '@tanstack/react-query';
import type { PromptGroupSummary } from '@contract/prompts';
import { request } from '@/lib/api/request';

/** GET /api/prompts/all: every prompt group the user may use (own and shared), for the `/` command. */
export const usePromptGroupsAll = () =>
  useQuery({
    queryKey: ['prompts', 'all'],
    queryFn: () => request<PromptGroupSummary[]>('/api/prompts/all'),
  });
