import { mcpServerAvailability, type McpServerConfig } from '../../../agent-tools/mcp/availability';
import { listServerTools } from '../../../agent-tools/mcp/sessions';
import type { McpServerTarget, McpTool } from '../../../agent-tools/mcp/types';
import { createGuardedFetch } from '../../../agent-tools/net/guarded-fetch';
import type { EnvVars } from '../../../env';
import type { AppConfig } from '../../config/schema';
import { resolveEnvReference } from '../../config/env-reference';
import { outboundDeps, toolNetworkPolicy } from './network';
import type { Plugin } from './plugins';

/** LibreChat's separator in an MCP tool's key: `<tool>_mcp_<server>`. */
export const MCP_DELIMITER = '_mcp_';
/** A listing waits this long for a server; a slower one counts as down for now. */
const LIST_TIMEOUT_MS = 5_000;
/** How long a server's tools (or its being down) are remembered, so opening the builder stays cheap. */
const CACHE_MS = 60_000;

type Env = Pick<EnvVars, 'TOOLS_PRIVATE_HOSTS' | 'TOOLS_DNS_RESOLVER_URL'>;

const cache = new Map<string, { expires: number; tools: McpTool[] }>();

/** For tests: forget every server's listing. */
export function clearMcpListingCache(): void {
  cache.clear();
}

/** A header's `${VAR}` value from the environment; a header whose variable is unset is left out. */
function resolvedHeaders(headers: Record<string, string> | undefined, env: Env): Record<string, string> {
  const vars = env as Record<string, string | undefined>;
  return Object.fromEntries(
    Object.entries(headers ?? {}).flatMap(([name, value]) => {
      const resolved = resolveEnvReference(value, vars);
      return resolved === undefined ? [] : [[name, resolved]];
    }),
  );
}

async function toolsOf(target: McpServerTarget, env: Env, now: number): Promise<McpTool[]> {
  const key = JSON.stringify(target);
  const known = cache.get(key);
  if (known && known.expires > now) return known.tools;
  const policy = toolNetworkPolicy(env, null);
  const listed = await listServerTools(target, {
    fetch: createGuardedFetch(policy, outboundDeps(policy)),
    signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
  });
  // A server that is down contributes nothing, and is not asked again until the entry expires.
  const tools = 'tools' in listed ? listed.tools : [];
  cache.set(key, { expires: now + CACHE_MS, tools });
  return tools;
}

/** The tools of every reachable MCP server of the config, as TPlugin entries, server by server. */
export async function mcpPlugins(config: AppConfig, env: Env, now = Date.now()): Promise<Plugin[]> {
  const servers = config.mcpServers ?? {};
  const configs: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(servers)) {
    const headers = 'headers' in server ? resolvedHeaders(server.headers, env) : undefined;
    configs[name] = { ...server, ...(headers ? { headers } : {}) } as McpServerConfig;
  }
  const lists = await Promise.all(
    mcpServerAvailability(configs).map(async (server) =>
      server.available ? { name: server.name, tools: await toolsOf(server.target, env, now) } : null,
    ),
  );
  return lists.flatMap((list) => {
    if (!list) return [];
    const server = servers[list.name];
    return list.tools.map((tool): Plugin => ({
      name: tool.name,
      pluginKey: `${tool.name}${MCP_DELIMITER}${list.name}`,
      description: tool.description,
      ...(server?.iconPath ? { icon: server.iconPath } : {}),
      ...(server?.chatMenu === false ? { chatMenu: false } : {}),
    }));
  });
}
