import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@contract/agents';
import { request } from '@/lib/api/request';
import { agentsKeys } from '@/shared/agents/api/agents-keys';

export type ActionAuthType = 'none' | 'service_http';
export type ApiKeyScheme = 'bearer' | 'basic' | 'custom';

/** An action's metadata as the server returns it (secrets never come back). */
export interface ActionMetadata {
  domain: string;
  raw_spec?: string;
  auth?: {
    type: ActionAuthType | 'oauth';
    authorization_type?: ApiKeyScheme;
    custom_auth_header?: string;
    authorization_url?: string;
    /** The token URL, under LibreChat's name. */
    client_url?: string;
    scope?: string;
    token_exchange_method?: TokenExchangeMethod;
  };
}

export type TokenExchangeMethod = 'default_post' | 'basic_auth_header';

export interface AgentAction {
  action_id: string;
  agent_id?: string;
  metadata: ActionMetadata;
}

/** The body of POST /api/agents/actions/{agent_id}: the server parses the spec and lists the functions. */
export interface SaveActionBody {
  action_id?: string;
  functions?: { type: 'function'; function: { name: string; description?: string } }[];
  metadata: ActionMetadata & { api_key?: string; oauth_client_id?: string; oauth_client_secret?: string };
}

const actionsKey = ['agents', 'actions'] as const;

/** GET /api/agents/actions: the user's actions; the builder shows those of one agent. */
export const listActions = (): Promise<AgentAction[]> => request<AgentAction[]>('/api/agents/actions');

export const useAgentActions = (agentId: string | null) =>
  useQuery({
    queryKey: actionsKey,
    queryFn: listActions,
    enabled: Boolean(agentId),
    select: (actions) => actions.filter((action) => action.agent_id === agentId),
  });

export const saveAction = (agentId: string, body: SaveActionBody): Promise<[Agent, AgentAction]> =>
  request<[Agent, AgentAction]>(`/api/agents/actions/${encodeURIComponent(agentId)}`, { method: 'POST', json: body });

export const deleteAction = (agentId: string, actionId: string): Promise<{ message: string }> =>
  request<{ message: string }>(`/api/agents/actions/${encodeURIComponent(agentId)}/${encodeURIComponent(actionId)}`, {
    method: 'DELETE',
  });

function useInvalidateActions() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: actionsKey });
    await queryClient.invalidateQueries({ queryKey: agentsKeys.all });
  };
}

export function useSaveAction() {
  const invalidate = useInvalidateActions();
  return useMutation({
    mutationFn: ({ agentId, body }: { agentId: string; body: SaveActionBody }) => saveAction(agentId, body),
    onSuccess: invalidate,
  });
}

export function useDeleteAction() {
  const invalidate = useInvalidateActions();
  return useMutation({
    mutationFn: ({ agentId, actionId }: { agentId: string; actionId: string }) => deleteAction(agentId, actionId),
    onSuccess: invalidate,
  });
}
