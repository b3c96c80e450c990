import { createDohResolver } from '../../../agent-tools/net/doh';
import type { OutboundDeps } from '../../../agent-tools/net/guarded-fetch';
import type { NetworkPolicy } from '../../../agent-tools/types';
import type { EnvVars } from '../../../env';

/**
 * The network agent tools get from the environment: `TOOLS_PRIVATE_HOSTS` (exact `host:port`
 * pairs, comma separated, never defaulted) and `TOOLS_DNS_RESOLVER_URL`. Actions add
 * librechat.yaml `actions.allowedDomains`; MCP servers are the operator's, so they have none.
 */
export function toolNetworkPolicy(
  env: Pick<EnvVars, 'TOOLS_PRIVATE_HOSTS' | 'TOOLS_DNS_RESOLVER_URL'>,
  allowedDomains: readonly string[] | null,
): NetworkPolicy {
  const privateHosts = (env.TOOLS_PRIVATE_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { allowedDomains, privateHosts, dnsResolver: env.TOOLS_DNS_RESOLVER_URL?.trim() || null };
}

/** One resolver per isolate, so its answers are cached across requests. */
let resolvers = new Map<string, OutboundDeps['resolve']>();

/** The runtime's fetch, and DNS answers from the policy's resolver. */
export function outboundDeps(policy: NetworkPolicy): OutboundDeps {
  const key = policy.dnsResolver ?? '';
  let resolve = resolvers.get(key);
  if (!resolve) {
    resolve = createDohResolver({ resolverUrl: policy.dnsResolver, fetch: (input, init) => fetch(input, init) });
    if (resolvers.size > 8) resolvers = new Map();
    resolvers.set(key, resolve);
  }
  return { fetch: (input, init) => fetch(input, init), resolve };
}
