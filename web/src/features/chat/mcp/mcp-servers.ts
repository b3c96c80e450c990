import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { usePermission } from '@/shared/config/api/get-role';

/** The part of a tool of GET /api/agents/tools (LibreChat's TPlugin) the MCP menu reads. */
export interface ListedTool {
  name: string;
  pluginKey: string;
  icon?: string;
  /** false: the server's tools are for agents only, not offered in a chat's menu. */
  chatMenu?: boolean;
}

/** An MCP server a chat can turn on: named by librechat.yaml `mcpServers`. */
export interface McpServerChoice {
  name: string;
  icon?: string;
}

/** How LibreChat names an MCP server's tool: `<tool>_mcp_<server>`. */
const MCP_DELIMITER = '_mcp_';

/** The servers behind the listed MCP tools (the key split at its first delimiter), in the order first listed, without chat-menu-less ones. */
export function mcpServersOf(tools: readonly ListedTool[]): McpServerChoice[] {
  const servers = new Map<string, McpServerChoice>();
  for (const tool of tools) {
    const at = tool.pluginKey.indexOf(MCP_DELIMITER);
    if (at <= 0 || tool.chatMenu === false) continue;
    const name = tool.pluginKey.slice(at + MCP_DELIMITER.length);
    if (name && !servers.has(name)) servers.set(name, { name, ...(tool.icon ? { icon: tool.icon } : {}) });
  }
  return [...servers.values()];
}

/**
 * The MCP servers this user may turn on in a chat: the agents endpoint runs their tools, so
 * only with it offered and the AGENTS USE permission (the tools route refuses others).
 */
export function useMcpServers(): McpServerChoice[] {
  const agentsOffered = Boolean(useEndpoints().data?.agents);
  const mayUseAgents = usePermission('AGENTS', 'USE');
  const { data } = useQuery({
    queryKey: ['agents', 'tools'],
    queryFn: () => request<ListedTool[]>('/api/agents/tools'),
    enabled: agentsOffered && mayUseAgents,
    staleTime: 5 * 60_000,
    select: mcpServersOf,
  });
  return data ?? [];
}
