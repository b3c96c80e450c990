import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** One entry of GET /api/agents/tools (LibreChat's plugin shape). */
export interface AgentTool {
  name: string;
  pluginKey: string;
  description?: string;
  icon?: string;
  authConfig?: { authField: string; label: string; description: string }[];
  authenticated?: boolean;
}

export const listAgentTools = (): Promise<AgentTool[]> => request<AgentTool[]>('/api/agents/tools');

export const useAgentTools = (enabled: boolean) =>
  useQuery({ queryKey: ['agents', 'tools'], queryFn: listAgentTools, enabled, staleTime: 5 * 60_000 });
