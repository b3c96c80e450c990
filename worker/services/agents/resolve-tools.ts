/**
 * An agent's tool keys → the tools its run may call, resolved by the worker into plain values
 * (the Durable Object has no config or secrets of its own). One function per kind of key:
 * built-ins (builtin-tools.ts), MCP tools (mcp-tools.ts), and action operations, resolved from
 * the agent's stored actions (actions/resolve.ts).
 * A key that cannot be resolved is left out with a log line: the agent answers without that
 * tool rather than the send failing.
 */
import type { McpServerTarget } from '../../agent-tools/mcp/types';
import type { ToolSpec } from '../../agent-tools/types';
import type { EnvVars } from '../../env';
import { resolveBuiltinTools } from './builtin-tools';
import { mcpToolsOfServers, resolveMcpTools, type McpToolsContext } from './mcp-tools';
import { toolKeyKind } from './tool-keys';
import type { UserToolValues } from './tools/user-tools';

export interface ResolvedTools {
  tools: ToolSpec[];
  mcpServers: McpServerTarget[];
}

/** The agent's action operations the keys name (one D1 read for all of them). */
export type ActionToolsResolver = (keys: readonly string[]) => Promise<ToolSpec[]>;

interface AgentToolsDeps {
  env: EnvVars;
  resolveActions: ActionToolsResolver;
  /** The sender's own tool values (one D1 read), asked for only when the agent has built-in tools. */
  userToolValues?: () => Promise<UserToolValues>;
}

/** A saved agent's tools, in the order of its keys. */
export async function resolveAgentTools(
  context: McpToolsContext,
  toolKeys: readonly string[],
  { env, resolveActions, userToolValues }: AgentToolsDeps,
): Promise<ResolvedTools> {
  const keys = [...new Set(toolKeys)];
  const ofKind = (kind: ReturnType<typeof toolKeyKind>) => keys.filter((key) => toolKeyKind(key) === kind);
  const builtinKeys = ofKind('builtin');
  const actionKeys = ofKind('action');
  const [builtins, mcp, actions] = await Promise.all([
    builtinKeys.length > 0 && userToolValues
      ? userToolValues().then((user) => resolveBuiltinTools(builtinKeys, env, user))
      : resolveBuiltinTools(builtinKeys, env),
    resolveMcpTools(context, ofKind('mcp')),
    actionKeys.length > 0 ? resolveActions(actionKeys) : Promise.resolve([]),
  ]);
  const byKey = new Map([...builtins, ...mcp.tools, ...actions].map((tool) => [tool.key, tool]));
  return { tools: keys.flatMap((key) => byKey.get(key) ?? []), mcpServers: mcp.servers };
}

/** An ephemeral agent's tools: the built-ins it turned on (web search), then every tool of its MCP servers. */
export async function resolveEphemeralTools(
  context: McpToolsContext,
  mcpServers: readonly string[],
  builtins: readonly ToolSpec[] = [],
): Promise<ResolvedTools> {
  const mcp = await mcpToolsOfServers(context, mcpServers);
  return { tools: [...builtins, ...mcp.tools], mcpServers: mcp.servers };
}
