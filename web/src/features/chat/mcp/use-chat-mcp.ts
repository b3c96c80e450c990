import { useMemo } from 'react';
import type { EphemeralAgent } from '@/shared/conversation/types';
import { useMcpSelection } from './mcp-selection';
import { type McpServerChoice, useMcpServers } from './mcp-servers';

/** Endpoints that bring their own tools (a plugins chat has its plugins): no chat tools are offered on them. */
const OWN_TOOLS = new Set(['agents', 'assistants', 'azureAssistants', 'gptPlugins']);

/** Whether a chat on `endpoint` may turn tools on for itself (an ephemeral agent). */
export const takesChatTools = (endpoint: string | null | undefined): endpoint is string =>
  !!endpoint && !OWN_TOOLS.has(endpoint);

export interface ChatMcp {
  /** The servers offered in the menu; empty hides it. */
  servers: McpServerChoice[];
  selected: string[];
  setSelected(servers: string[]): void;
  /** What a send carries: the chosen servers still configured, or nothing. */
  ephemeralAgent: EphemeralAgent | undefined;
}

/** The MCP servers a chat on `endpoint` may call, and which of them this conversation turned on. */
export function useChatMcp(conversationId: string, endpoint: string | null | undefined): ChatMcp {
  const listed = useMcpServers();
  const servers = takesChatTools(endpoint) ? listed : [];
  const [selected, setSelected] = useMcpSelection(conversationId);
  const chosen = servers
    .filter((server) => selected.includes(server.name))
    .map((server) => server.name)
    .join('\n');
  // One object per choice, so the send callbacks that carry it stay the same between renders.
  const ephemeralAgent = useMemo(() => (chosen ? { mcp: chosen.split('\n') } : undefined), [chosen]);
  return { servers, selected, setSelected, ephemeralAgent };
}
