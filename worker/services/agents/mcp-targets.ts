/**
 * The MCP servers of librechat.yaml `mcpServers` as targets the client can reach: headers and
 * URL with a whole-value `${ENV}` reference expanded from the Worker's environment (an unset
 * variable drops the header), and `{{LIBRECHAT_USER_ID}}` filled in with the sender's id.
 * Servers this Worker cannot run (stdio, websocket, no URL) are left out with a log line.
 */
import { mcpServerAvailability, type McpServerConfig } from '../../agent-tools/mcp/availability';
import type { McpServerTarget } from '../../agent-tools/mcp/types';
import type { EnvVars } from '../../env';
import { log } from '../../logging/logger';
import type { AppConfig } from '../config/schema';
import { resolveEnvReference } from '../config/env-reference';
import { stringVars } from '../targets/openai';

const USER_ID_PLACEHOLDER = '{{LIBRECHAT_USER_ID}}';

/** The usable servers by name. `only`, when given, limits them to those names. */
export function mcpTargets(
  config: AppConfig,
  env: EnvVars,
  userId: string,
  only?: ReadonlySet<string>,
): Map<string, McpServerTarget> {
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(config.mcpServers ?? {})) {
    if (!only || only.has(name)) servers[name] = server;
  }
  const vars = stringVars(env);
  const fill = (value: string): string | undefined =>
    resolveEnvReference(value, vars)?.replaceAll(USER_ID_PLACEHOLDER, userId);
  const targets = new Map<string, McpServerTarget>();
  for (const entry of mcpServerAvailability(servers)) {
    if (!entry.available) {
      log.warn('mcp_server_unavailable', { server: entry.name, reason: entry.reason });
      continue;
    }
    const url = fill(entry.target.url);
    if (!url) continue;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.target.headers)) {
      const filled = fill(value);
      if (filled !== undefined) headers[name] = filled;
    }
    targets.set(entry.name, { ...entry.target, url, headers });
  }
  return targets;
}
