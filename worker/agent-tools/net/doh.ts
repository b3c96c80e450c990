/**
 * DNS answers for the outbound guard, asked of a DNS-over-HTTPS resolver (the JSON API that
 * Cloudflare's and Google's resolvers speak): Workers have no DNS lookup of their own, and the
 * guard must see where a public-looking name points before a tool's request goes there.
 *
 * Fail closed: a resolver that is down, answers an error status or something that is not an
 * address makes the lookup throw, and the guard refuses the request. Answers are cached for
 * their TTL, at most a minute, so a tool calling one API many times asks once.
 */
import type { FetchLike } from '../../providers/types';
import { parseIPv4, parseIPv6 } from '../../providers/url-guard';

export const DEFAULT_DOH_RESOLVER = 'https://cloudflare-dns.com/dns-query';

/** The IPv4 and IPv6 addresses a hostname resolves to (IPv6 without brackets). */
export type ResolveAddresses = (hostname: string, signal?: AbortSignal) => Promise<string[]>;

export class DnsLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DnsLookupError';
  }
}

export interface DohResolverOptions {
  /** The resolver's JSON endpoint; null or absent means Cloudflare's. */
  resolverUrl?: string | null;
  fetch: FetchLike;
  /** The clock (ms), injectable for cache tests. */
  now?: () => number;
}

const MAX_CACHE_SECONDS = 60;
const MAX_CACHE_ENTRIES = 256;
const RECORD_TYPES = [
  { name: 'A', code: 1 },
  { name: 'AAAA', code: 28 },
] as const;

interface DohAnswer {
  Status?: unknown;
  Answer?: unknown;
}

/** A resolver with its own small cache; keep one per isolate or run, not per request. */
export function createDohResolver(options: DohResolverOptions): ResolveAddresses {
  const endpoint = options.resolverUrl ?? DEFAULT_DOH_RESOLVER;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { addresses: string[]; expires: number }>();

  return async (hostname, signal) => {
    const name = hostname.toLowerCase().replace(/\.+$/, '');
    const cached = cache.get(name);
    if (cached && cached.expires > now()) return cached.addresses;
    cache.delete(name);
    const answers = await Promise.all(
      RECORD_TYPES.map((type) => queryType(endpoint, name, type, options.fetch, signal)),
    );
    const addresses = answers.flatMap((answer) => answer.addresses);
    const ttl = Math.min(MAX_CACHE_SECONDS, ...answers.map((answer) => answer.ttl));
    if (ttl > 0) {
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
      cache.set(name, { addresses, expires: now() + ttl * 1000 });
    }
    return addresses;
  };
}

async function queryType(
  endpoint: string,
  name: string,
  type: (typeof RECORD_TYPES)[number],
  fetch: FetchLike,
  signal: AbortSignal | undefined,
): Promise<{ addresses: string[]; ttl: number }> {
  const url = new URL(endpoint);
  url.searchParams.set('name', name);
  url.searchParams.set('type', type.name);
  let body: DohAnswer;
  try {
    const response = await fetch(url.href, { headers: { accept: 'application/dns-json' }, signal });
    if (!response.ok) throw new DnsLookupError(`the DNS resolver answered HTTP ${response.status}`);
    body = (await response.json()) as DohAnswer;
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof DnsLookupError) throw error;
    throw new DnsLookupError(`the DNS resolver could not be reached or answered garbage`);
  }
  // NXDOMAIN is an answer (no addresses); any other failure status is not.
  if (body.Status === 3) return { addresses: [], ttl: 0 };
  if (body.Status !== 0) throw new DnsLookupError(`the DNS resolver answered status ${String(body.Status)}`);
  const records = Array.isArray(body.Answer) ? (body.Answer as unknown[]) : [];
  const addresses: string[] = [];
  let ttl: number = MAX_CACHE_SECONDS;
  for (const record of records) {
    if (typeof record !== 'object' || record === null) throw new DnsLookupError('the DNS answer is malformed');
    const { type: code, data, TTL } = record as { type?: unknown; data?: unknown; TTL?: unknown };
    if (code !== type.code) continue; // CNAMEs on the way: the addresses they lead to follow
    if (typeof data !== 'string' || !isAddress(data, type.name))
      throw new DnsLookupError(`the DNS answer "${String(data)}" is not an ${type.name} address`);
    addresses.push(data);
    ttl = Math.min(ttl, typeof TTL === 'number' && TTL >= 0 ? TTL : 0);
  }
  return { addresses, ttl };
}

function isAddress(data: string, type: 'A' | 'AAAA'): boolean {
  if (type === 'AAAA') return parseIPv6(data) !== undefined;
  // Strict dotted quad: a resolver never writes the loose forms URL parsing accepts.
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(data) && parseIPv4(data) !== undefined;
}
