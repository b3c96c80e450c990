/**
 * The tools of an MCP server, for a send: listed with the MCP client through the tools' guarded
 * fetch, and remembered per isolate for a short while. Per isolate rather than in KV: a listing
 * is a few small requests, KV's daily write quota and its one-write-per-second-per-key limit
 * would be spent on every expiry across every user, and a list that lives only a minute follows
 * an operator's change to a server without a purge. A server that is down, refuses, or does not
 * answer within its `initTimeout` gives no tools and a log line, and never fails the send; that
 * failure is remembered for less time, so a down server costs one wait per isolate at most every
 * FAILED_TTL_MS, not one per send.
 */
import { McpClient } from '../../agent-tools/mcp/client';
import { raceAbort } from '../../agent-tools/mcp/transport';
import type { McpServerTarget, McpTool } from '../../agent-tools/mcp/types';
import { createGuardedFetch, type OutboundDeps } from '../../agent-tools/net/guarded-fetch';
import type { NetworkPolicy } from '../../agent-tools/types';
import { errorMessage, log } from '../../logging/logger';

/** How long a listing is reused. */
export const LISTED_TTL_MS = 60_000;
/** How long a failed listing is reused (no tools), so a down server is not waited on at every send. */
export const FAILED_TTL_MS = 15_000;
/** The most a send waits on one server when it sets no `initTimeout`. */
export const DEFAULT_LIST_TIMEOUT_MS = 10_000;

interface Entry {
  tools: Promise<McpTool[]>;
  expires: number;
}

const cache = new Map<string, Entry>();

/** Everything that changes what a listing answers: the server, its URL and headers, the policy. */
function cacheKey(target: McpServerTarget, policy: NetworkPolicy): string {
  return JSON.stringify([target, policy]);
}

/** The server's tools, or none when it cannot be listed in time (never throws). */
export function listMcpTools(
  target: McpServerTarget,
  policy: NetworkPolicy,
  outbound: OutboundDeps,
  now = Date.now(),
): Promise<McpTool[]> {
  const key = cacheKey(target, policy);
  const cached = cache.get(key);
  if (cached && cached.expires > now) return cached.tools;
  const entry: Entry = { tools: Promise.resolve([]), expires: now + LISTED_TTL_MS };
  entry.tools = list(target, policy, outbound).catch((error: unknown) => {
    entry.expires = Date.now() + FAILED_TTL_MS;
    log.warn('mcp_tools_unavailable', { server: target.name, error: errorMessage(error) });
    return [];
  });
  cache.set(key, entry);
  return entry.tools;
}

async function list(target: McpServerTarget, policy: NetworkPolicy, outbound: OutboundDeps): Promise<McpTool[]> {
  const signal = AbortSignal.timeout(target.initTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS);
  const fetch = createGuardedFetch(policy, outbound);
  // Raced as well: the whole listing, connecting included, ends when the signal fires.
  const client = await raceAbort(McpClient.connect(target, { fetch, signal }), signal);
  try {
    return await raceAbort(client.listTools(signal), signal);
  } finally {
    void client.close();
  }
}

/** Forgets every listing (tests). */
export function clearMcpListingsForTests(): void {
  cache.clear();
}
