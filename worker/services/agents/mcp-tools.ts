/**
 * An agent's MCP tools: the servers its keys name (or, for an ephemeral agent, the servers the
 * user turned on) are listed, each at most once and all at once, and each tool becomes a
 * ToolSpec the Durable Object calls through its own MCP session. A tool a server no longer
 * offers, or a server that is not configured or cannot be listed, is left out.
 */
import type { McpServerTarget, McpTool } from '../../agent-tools/mcp/types';
import { DEFAULT_TIMEOUT_MS } from '../../agent-tools/mcp/client';
import type { OutboundDeps } from '../../agent-tools/net/guarded-fetch';
import type { JsonSchemaObject, NetworkPolicy, ToolSpec } from '../../agent-tools/types';
import { log } from '../../logging/logger';
import { listMcpTools } from './mcp-listing';
import { mcpNetworkPolicy } from './tool-network';
import { mcpToolKey, parseMcpToolKey } from './tool-keys';

export interface McpToolsContext {
  /** The configured servers this Worker can reach (mcp-targets.ts). */
  targets: ReadonlyMap<string, McpServerTarget>;
  policy: NetworkPolicy;
  outbound: OutboundDeps;
}

export interface McpTools {
  tools: ToolSpec[];
  /** The servers the tools belong to, for the run's sessions. */
  servers: McpServerTarget[];
}

function toolSpec(target: McpServerTarget, tool: McpTool): ToolSpec {
  const schema = tool.inputSchema;
  const parameters: JsonSchemaObject = {
    ...schema,
    type: 'object',
    properties: typeof schema.properties === 'object' && schema.properties !== null ? { ...schema.properties } : {},
  };
  return {
    key: mcpToolKey(tool.name, target.name),
    description: tool.description,
    parameters,
    timeoutMs: target.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    exec: { kind: 'mcp', serverName: target.name, toolName: tool.name },
  };
}

/** Every tool of the named servers (an ephemeral agent's). */
export async function mcpToolsOfServers(context: McpToolsContext, serverNames: readonly string[]): Promise<McpTools> {
  const targets = [...new Set(serverNames)].flatMap((name) => {
    const target = context.targets.get(name);
    if (!target) log.warn('agent_tool_unavailable', { server: name, reason: 'no such MCP server is configured' });
    return target ? [target] : [];
  });
  const listed = await Promise.all(
    targets.map(async (target) => ({
      target,
      tools: await listMcpTools(target, mcpNetworkPolicy(context.policy), context.outbound),
    })),
  );
  const tools = listed.flatMap(({ target, tools: list }) => list.map((tool) => toolSpec(target, tool)));
  const servers = listed.filter(({ tools: list }) => list.length > 0).map(({ target }) => target);
  return { tools, servers };
}

/** The tools the keys name, in the keys' order. */
export async function resolveMcpTools(context: McpToolsContext, keys: readonly string[]): Promise<McpTools> {
  const servers = keys.flatMap((key) => {
    const parsed = parseMcpToolKey(key);
    return parsed ? [parsed.serverName] : [];
  });
  const offered = await mcpToolsOfServers(context, servers);
  const byKey = new Map(offered.tools.map((tool) => [tool.key, tool]));
  const tools = keys.flatMap((key) => {
    const tool = byKey.get(key);
    if (!tool) log.warn('agent_tool_unavailable', { tool: key, reason: 'its MCP server does not offer it now' });
    return tool ? [tool] : [];
  });
  const used = new Set(tools.map((tool) => (tool.exec.kind === 'mcp' ? tool.exec.serverName : '')));
  return { tools, servers: offered.servers.filter((server) => used.has(server.name)) };
}
