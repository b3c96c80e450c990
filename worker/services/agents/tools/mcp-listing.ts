import type { EnvVars } from '../../../env';
import type { AppConfig } from '../../config/schema';
import { listMcpTools } from '../mcp-listing';
import { mcpTargets } from '../mcp-targets';
import { mcpToolKey } from '../tool-keys';
import { mcpNetworkPolicy, toolNetworkPolicy, toolOutbound } from '../tool-network';
import type { Plugin } from './plugins';

/**
 * The tools of every reachable MCP server of the config, as TPlugin entries, server by server,
 * with the server's icon and `chatMenu`. Listed as a send lists them (mcp-listing.ts: cached per
 * isolate, a server that is down or slow adds nothing), with the caller's id in the headers that
 * ask for it.
 */
export async function mcpPlugins(config: AppConfig, env: EnvVars, userId: string): Promise<Plugin[]> {
  const policy = mcpNetworkPolicy(toolNetworkPolicy(env, config));
  const outbound = toolOutbound(policy);
  const targets = [...mcpTargets(config, env, userId).values()];
  const lists = await Promise.all(
    targets.map(async (target) => ({ name: target.name, tools: await listMcpTools(target, policy, outbound) })),
  );
  return lists.flatMap((list) => {
    const server = config.mcpServers?.[list.name];
    return list.tools.map((tool): Plugin => ({
      name: tool.name,
      pluginKey: mcpToolKey(tool.name, list.name),
      description: tool.description,
      ...(server?.iconPath ? { icon: server.iconPath } : {}),
      ...(server?.chatMenu === false ? { chatMenu: false } : {}),
    }));
  });
}
