/**
 * Which configured MCP servers this Worker can reach, and why the others cannot: stdio servers
 * need a local process. An unusable server is reported, never an error: the rest of the config
 * and the other servers keep working.
 */
import type { McpServerTarget } from './types';

/** The fields of a parsed `mcpServers` entry this needs; headers already resolved by the caller. */
export interface McpServerConfig {
  type: 'stdio' | 'websocket' | 'sse' | 'streamable-http';
  url?: string;
  headers?: Record<string, string>;
  timeout?: number;
  initTimeout?: number;
}

export type McpServerAvailability =
  { name: string; available: true; target: McpServerTarget } | { name: string; available: false; reason: string };

export const STDIO_UNAVAILABLE = 'stdio servers cannot run on Cloudflare Workers';

export function mcpServerAvailability(servers: Record<string, McpServerConfig>): McpServerAvailability[] {
  return Object.entries(servers).map(([name, config]): McpServerAvailability => {
    if (config.type === 'stdio') return { name, available: false, reason: STDIO_UNAVAILABLE };
    if (config.url === undefined) return { name, available: false, reason: 'no url is configured' };
    const target: McpServerTarget = {
      name,
      transport: config.type,
      url: config.url,
      headers: config.headers ?? {},
    };
    // 0 would time every request out at once; it is read as "not set", so the default applies.
    if (config.timeout) target.timeoutMs = config.timeout;
    if (config.initTimeout) target.initTimeoutMs = config.initTimeout;
    return { name, available: true, target };
  });
}
