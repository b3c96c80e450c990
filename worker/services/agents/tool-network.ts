/**
 * Where an agent's tools may reach, from the operator's settings: `TOOLS_PRIVATE_HOSTS` (exact
 * `host:port` pairs allowed past the private-address checks — never defaulted, so an MCP server
 * or action on 127.0.0.1 is refused unless named), `TOOLS_DNS_RESOLVER_URL` (the DNS-over-HTTPS
 * resolver the guard asks), and librechat.yaml `actions.allowedDomains`, which binds actions
 * only: MCP servers are named by the operator (see `mcpNetworkPolicy`). The same policy guards
 * the worker's MCP listings and the Durable Object's tool calls.
 */
import { createDohResolver } from '../../agent-tools/net/doh';
import type { OutboundDeps } from '../../agent-tools/net/guarded-fetch';
import type { NetworkPolicy } from '../../agent-tools/types';
import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import { commaList } from '../env-flags';

export function toolNetworkPolicy(
  env: Pick<EnvVars, 'TOOLS_PRIVATE_HOSTS' | 'TOOLS_DNS_RESOLVER_URL'>,
  config: Pick<AppConfig, 'actions'>,
): NetworkPolicy {
  const allowedDomains = config.actions?.allowedDomains;
  const resolver = env.TOOLS_DNS_RESOLVER_URL?.trim();
  return {
    allowedDomains: allowedDomains && allowedDomains.length > 0 ? allowedDomains : null,
    privateHosts: commaList(env.TOOLS_PRIVATE_HOSTS).map((host) => host.toLowerCase()),
    dnsResolver: resolver ? resolver : null,
  };
}

/** The policy for MCP servers' traffic: the operator chose them, so `actions.allowedDomains` does not apply. */
export const mcpNetworkPolicy = (policy: NetworkPolicy): NetworkPolicy => ({ ...policy, allowedDomains: null });

/** One resolver per isolate and resolver URL, so its answers are cached across requests. */
let resolvers = new Map<string, OutboundDeps['resolve']>();
const MAX_RESOLVERS = 8;

/** The worker's network for tool traffic: the runtime's fetch, looked up at each call (tests replace it). */
export function toolOutbound(policy: NetworkPolicy): OutboundDeps {
  const net: typeof fetch = (input, init) => fetch(input, init);
  const key = policy.dnsResolver ?? '';
  let resolve = resolvers.get(key);
  if (!resolve) {
    resolve = createDohResolver({ resolverUrl: policy.dnsResolver, fetch: net });
    if (resolvers.size >= MAX_RESOLVERS) resolvers = new Map();
    resolvers.set(key, resolve);
  }
  return { fetch: net, resolve };
}
