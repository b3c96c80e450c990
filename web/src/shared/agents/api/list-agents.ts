import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentList } from '@contract/agents';
import { request } from '@/lib/api/request';
import { agentsKeys } from './agents-keys';

/** GET /api/agents: the agents the user can see (own and shared), newest first, one page of 100. */
export function listAgents(search: string): Promise<AgentList> {
  const params = new URLSearchParams({ limit: '100' });
  const term = search.trim();
  if (term) params.set('search', term);
  return request<AgentList>(`/api/agents?${params.toString()}`);
}

export const agentsListQueryOptions = (search = '') =>
  queryOptions({
    queryKey: agentsKeys.list(search.trim()),
    queryFn: () => listAgents(search),
    // Agents change when someone edits them; a minute is fresh enough for a picker.
    staleTime: 60_000,
  });

/** The visible agents matching `search`; the previous answer stays on screen while a new search loads. */
export const useAgentsList = (search = '', enabled = true) =>
  useQuery({ ...agentsListQueryOptions(search), enabled, placeholderData: keepPreviousData });
