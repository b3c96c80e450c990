/**
 * An agent's tool keys → the tools its run may call, resolved by the worker into plain values
 * (the Durable Object has no config or secrets of its own). One function per kind of key:
 * built-ins (builtin-tools.ts), MCP tools (mcp-tools.ts), and action operations, which are
 * resolved with the agent's stored actions and are left out until that resolver is wired here.
 * A key that cannot be resolved is left out with a log line: the agent answers without that
 * tool rather than the send failing.
 */
import type { McpServerTarget } from '../../agent-tools/mcp/types';
import type { ToolSpec } from '../../agent-tools/types';
import { log } from '../../logging/logger';
import { resolveBuiltinTools } from './builtin-tools';
import { mcpToolsOfServers, resolveMcpTools, type McpToolsContext } from './mcp-tools';
import { toolKeyKind } from './tool-keys';

export interface ResolvedTools {
  tools: ToolSpec[];
  mcpServers: McpServerTarget[];
}

/** A saved agent's tools, in the order of its keys. */
export async function resolveAgentTools(context: McpToolsContext, toolKeys: readonly string[]): Promise<ResolvedTools> {
  const keys = [...new Set(toolKeys)];
  const ofKind = (kind: ReturnType<typeof toolKeyKind>) => keys.filter((key) => toolKeyKind(key) === kind);
  const actionKeys = ofKind('action');
  if (actionKeys.length > 0)
    log.warn('agent_tool_unavailable', { tools: actionKeys, reason: 'actions are not resolved yet' });
  const builtins = resolveBuiltinTools(ofKind('builtin'));
  const mcp = await resolveMcpTools(context, ofKind('mcp'));
  const byKey = new Map([...builtins, ...mcp.tools].map((tool) => [tool.key, tool]));
  return { tools: keys.flatMap((key) => byKey.get(key) ?? []), mcpServers: mcp.servers };
}

/** An ephemeral agent's tools: every tool of the MCP servers the user turned on. */
export async function resolveEphemeralTools(
  context: McpToolsContext,
  mcpServers: readonly string[],
): Promise<ResolvedTools> {
  const mcp = await mcpToolsOfServers(context, mcpServers);
  return { tools: mcp.tools, mcpServers: mcp.servers };
}
