import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent, CreateAgentBody, DuplicateAgentResult, UpdateAgentBody } from '@contract/agents';
import { request } from '@/lib/api/request';
import { agentsKeys } from '@/shared/agents/api/agents-keys';

const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

/** POST /api/agents: 201 with the whole agent. */
export const createAgent = (body: CreateAgentBody): Promise<Agent> =>
  request<Agent>('/api/agents', { method: 'POST', json: body });

/** PATCH /api/agents/{id}: only the fields sent change. */
export const updateAgent = (id: string, body: UpdateAgentBody): Promise<Agent> =>
  request<Agent>(agentPath(id), { method: 'PATCH', json: body });

/** POST /api/agents/{id}/duplicate: a copy owned by the caller, with its actions. */
export const duplicateAgent = (id: string): Promise<DuplicateAgentResult> =>
  request<DuplicateAgentResult>(`${agentPath(id)}/duplicate`, { method: 'POST' });

export const deleteAgent = (id: string): Promise<{ message: string }> =>
  request<{ message: string }>(agentPath(id), { method: 'DELETE' });

/** POST /api/files/images/agents/{id}/avatar (multipart `file`): the agent with its new avatar. */
export function uploadAgentAvatar(id: string, file: File): Promise<Agent> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<Agent>(`/api/files/images/agents/${encodeURIComponent(id)}/avatar`, { method: 'POST', body: form });
}

/** Every agent query (the picker's list, each agent) is refetched after a change. */
function useInvalidateAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentsKeys.all });
}

export function useCreateAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({ mutationFn: createAgent, onSuccess: invalidate });
}

export function useUpdateAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgentBody }) => updateAgent(id, body),
    onSuccess: invalidate,
  });
}

export function useDuplicateAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({ mutationFn: duplicateAgent, onSuccess: invalidate });
}

export function useDeleteAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({ mutationFn: deleteAgent, onSuccess: invalidate });
}

export function useUploadAgentAvatar() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadAgentAvatar(id, file),
    onSuccess: invalidate,
  });
}
