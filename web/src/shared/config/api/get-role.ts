import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionName, PermissionType, Role, RoleResponse } from '@contract/auth';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { request } from '@/lib/api/request';

/** GET /api/roles/{role}: the permissions of the signed-in user's role. */
export const getRole = (role: Role): Promise<RoleResponse> =>
  request<RoleResponse>(`/api/roles/${encodeURIComponent(role)}`);

export const roleQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: ['roles', role],
    queryFn: () => getRole(role),
    // Admins change permissions rarely; a reload picks the change up.
    staleTime: Infinity,
  });

/**
 * Whether the signed-in user's role grants `type.name`. Passes only when the flag is exactly
 * true; while the role is loading, or for nobody signed in, it does not.
 */
export function usePermission(type: PermissionType, name: PermissionName): boolean {
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const { data } = useQuery({ ...roleQueryOptions(role ?? 'USER'), enabled: role !== undefined });
  return role !== undefined && data?.name === role && data.permissions[type]?.[name] === true;
}
