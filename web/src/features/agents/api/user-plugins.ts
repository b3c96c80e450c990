import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** GET /api/agents/tools/{toolId}/auth: whose values a tool runs with. */
export interface ToolAuthStatus {
  authenticated: boolean;
  message: 'system_defined' | 'user_provided';
}

export type UserPluginBody =
  | { pluginKey: string; action: 'install'; auth: Record<string, string>; isEntityTool: true }
  | { pluginKey: string; action: 'uninstall'; isEntityTool: true };

const toolAuthKey = (pluginKey: string) => ['agents', 'tools', 'auth', pluginKey] as const;

export const getToolAuth = (pluginKey: string): Promise<ToolAuthStatus> =>
  request<ToolAuthStatus>(`/api/agents/tools/${encodeURIComponent(pluginKey)}/auth`);

/** POST /api/user/plugins: stores (or forgets) the user's own values for a tool; answers an empty 200. */
export const saveUserPlugin = (body: UserPluginBody): Promise<void> =>
  request<void>('/api/user/plugins', { method: 'POST', json: body });

/** Whether the user's own values are what make a tool ready (so they may remove them). */
export const useToolAuth = (pluginKey: string, enabled: boolean) =>
  useQuery({ queryKey: toolAuthKey(pluginKey), queryFn: () => getToolAuth(pluginKey), enabled });

/** Installs or uninstalls a tool, then refetches the tools list and the tool's status. */
export function useSaveUserPlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserPlugin,
    onSuccess: (_result, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agents', 'tools'], exact: true }),
        queryClient.invalidateQueries({ queryKey: toolAuthKey(body.pluginKey) }),
      ]),
  });
}
