import { useQuery } from '@tanstack/react-query';
import type { PermissionName } from '@contract/auth';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

export type Access = 'pending' | 'granted' | 'denied';

/**
 * Whether the signed-in user's role grants PROMPTS `name`, told apart from "not known yet": a
 * page must not send anyone away while the role is still loading. A role that cannot be read
 * counts as denied, and so does everything when the config's `interface.prompts` is off.
 */
export function usePromptsAccess(name: PermissionName): Access {
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const { data, isError } = useQuery({ ...roleQueryOptions(role ?? 'USER'), enabled: role !== undefined });
  const config = useStartupConfig().data;
  if (config?.interface.prompts === false) return 'denied';
  if (!role || !config) return 'pending';
  if (isError) return 'denied';
  if (!data || data.name !== role) return 'pending';
  return data.permissions.PROMPTS?.[name] === true ? 'granted' : 'denied';
}

export const useIsAdmin = () => useCurrentUser().data?.role === 'ADMIN';
