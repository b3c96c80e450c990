import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent, PublicAgent } from '@contract/agents';
import { request } from '@/lib/api/request';
import { agentsKeys } from './agents-keys';

/**
 * GET /api/agents/{id}: the whole agent for its editors, the public view (no instructions,
 * no actions) for everyone else it is shared with. `instructions` tells them apart.
 */
export type AgentDetail = (Agent & { actions?: string[] }) | PublicAgent;

export const getAgent = (id: string): Promise<AgentDetail> =>
  request<AgentDetail>(`/api/agents/${encodeURIComponent(id)}`);

export const agentQueryOptions = (id: string) =>
  queryOptions({ queryKey: agentsKeys.detail(id), queryFn: () => getAgent(id), staleTime: 60_000 });

/** The agent with `id`, or nothing while there is no id. */
export const useAgent = (id: string | null | undefined) =>
  useQuery({ ...agentQueryOptions(id ?? ''), enabled: Boolean(id) });
