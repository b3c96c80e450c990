import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleResponse } from '@contract/auth';
import { request } from '@/lib/api/request';
import { roleQueryOptions } from '@/shared/config/api/get-role';

export type PromptsPermissions = { SHARED_GLOBAL: boolean; CREATE: boolean; USE: boolean };

/** PUT /api/roles/{role}/prompts: the role's answer replaces the cached one (everyone's gates read it). */
export function useUpdateRolePrompts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, permissions }: { role: Role; permissions: PromptsPermissions }) =>
      request<RoleResponse>(`/api/roles/${encodeURIComponent(role)}/prompts`, { method: 'PUT', json: permissions }),
    onSuccess: (answer) => queryClient.setQueryData(roleQueryOptions(answer.name).queryKey, answer),
  });
}
