/**
 * The one outbound door for tool traffic (actions, OAuth token URLs, MCP servers, web tools).
 * Every URL a tool reaches, the first and each redirect's, is checked before a byte is sent:
 * - http(s) only, no credentials in the URL;
 * - the host is in `allowedDomains` when that list is set (exact host or `*.suffix`);
 * - the host is not private, loopback, link-local, metadata or any encoding of them
 *   (providers/url-guard.ts), unless its exact `host:port` is in `privateHosts`;
 * - a name's A/AAAA answers (DNS over HTTPS) are all public: a public name pointing at
 *   10.0.0.5 is refused, and a lookup that fails refuses too;
 * - redirects are followed by hand, at most 3, https → http refused, and credentials are not
 *   carried to another origin.
 * Residual risk: the answer can change between the check and the connection (DNS rebinding).
 * On Cloudflare a Worker cannot reach private networks anyway; a local workerd can.
 *
 * The body is returned unread: read it with `readCappedBody` (net/read-capped.ts).
 */
import type { FetchLike } from '../../providers/types';
import { blockedHostReason, parseIPv4 } from '../../providers/url-guard';
import type { NetworkPolicy } from '../types';
import type { ResolveAddresses } from './doh';

export class OutboundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`Request refused: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

export interface OutboundDeps {
  /** The network (the runtime's fetch; a mock in tests). */
  fetch: FetchLike;
  /** DNS answers, from `createDohResolver`. */
  resolve: ResolveAddresses;
}

export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry nothing secret, so they may follow a redirect to another origin. */
const CROSS_ORIGIN_SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

/** A fetch that sends only what the policy allows; it throws OutboundRefusedError for anything else. */
export function createGuardedFetch(policy: NetworkPolicy, deps: OutboundDeps): FetchLike {
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    let url = await checkedUrl(input instanceof Request ? input.url : String(input), policy, deps, signal);
    // One Request normalises every body type into bytes that a 307/308 can send again.
    const first = new Request(url.href, input instanceof Request ? new Request(input, init) : init);
    let method = first.method;
    let headers = new Headers(first.headers);
    let body: Uint8Array | null = method === 'GET' || method === 'HEAD' ? null : await readAll(first);
    for (let hop = 0; ; hop += 1) {
      signal?.throwIfAborted();
      const response = await deps.fetch(url.href, { method, headers, body, redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new OutboundRefusedError(`more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundRefusedError('a redirect to an invalid URL');
      }
      if (url.protocol === 'https:' && next.protocol === 'http:')
        throw new OutboundRefusedError(`a redirect from https to http (${next.host})`);
      const becomesGet = response.status === 303 ? method !== 'HEAD' : method === 'POST' && response.status < 303;
      if (becomesGet) {
        // As browsers do: the redirected request is a GET without the body.
        method = 'GET';
        body = null;
        headers.delete('content-type');
      }
      if (next.origin !== url.origin) headers = safeHeaders(headers);
      url = await checkedUrl(next.href, policy, deps, signal);
    }
  };
}

/** The URL when the policy lets a tool reach it; throws OutboundRefusedError otherwise. */
async function checkedUrl(
  raw: string,
  policy: NetworkPolicy,
  deps: Pick<OutboundDeps, 'resolve'>,
  signal?: AbortSignal,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('it is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError('only http and https URLs are allowed');
  if (url.username !== '' || url.password !== '') throw new OutboundRefusedError('credentials in the URL');
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (!domainAllowed(host, policy.allowedDomains))
    throw new OutboundRefusedError(`${host} is not in the allowed domains`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (policy.privateHosts.some((entry) => entry.toLowerCase() === `${host}:${port}`)) return url;
  const reason = blockedHostReason(host);
  if (reason) throw new OutboundRefusedError(`${host} is ${reason}`);
  if (isIpLiteral(host)) return url;
  let addresses: string[];
  try {
    addresses = await deps.resolve(host, signal);
  } catch (error) {
    signal?.throwIfAborted();
    const why = error instanceof Error ? error.message : String(error);
    throw new OutboundRefusedError(`the address of ${host} could not be checked (${why})`);
  }
  if (addresses.length === 0) throw new OutboundRefusedError(`${host} has no DNS address`);
  for (const address of addresses) {
    const problem = blockedHostReason(address.includes(':') ? `[${address}]` : address);
    if (problem) throw new OutboundRefusedError(`${host} resolves to ${address}, ${problem}`);
  }
  return url;
}

/**
 * Whether `host` matches `allowedDomains` (librechat.yaml `actions.allowedDomains`): an exact
 * host, or `*.suffix` for the suffix's sub-domains. No list, or an empty one, allows every host,
 * as in LibreChat; entries written as URLs count by their host.
 */
export function domainAllowed(host: string, allowedDomains: readonly string[] | null): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const name = host.toLowerCase().replace(/\.+$/, '');
  return allowedDomains.some((raw) => {
    const entry = entryHost(raw);
    if (entry.startsWith('*.')) return name.endsWith(entry.slice(1));
    return name === entry;
  });
}

function entryHost(raw: string): string {
  // `https://api.example.com:443/v1` counts as `api.example.com`.
  const withoutScheme = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const host = withoutScheme.split('/')[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/\.+$/, '');
}

function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || parseIPv4(host) !== undefined;
}

function safeHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const [name, value] of headers) if (CROSS_ORIGIN_SAFE_HEADERS.has(name)) kept.set(name, value);
  return kept;
}

async function readAll(request: Request): Promise<Uint8Array | null> {
  if (request.body === null) return null;
  return new Uint8Array(await request.arrayBuffer());
}
