/**
 * SSRF guard for base URLs that USERS supply (a custom endpoint or reverse proxy configured
 * as `user_provided`). LibreChat was hit by exactly this: a user's base URL aimed at loopback,
 * the cloud metadata service or the private network, written in encodings a naive check
 * misses. Operator-configured URLs (config file, environment) are trusted and not checked
 * here — the local mock provider on 127.0.0.1 is reached that way.
 *
 * Every address encoding is handled by parsing with the WHATWG URL parser first (the one
 * fetch uses), which canonicalises decimal (2130706433), octal (0177.0.0.1), hex (0x7f.1),
 * short (127.1), percent-encoded and full-width hosts to dotted IPv4, and IPv6 to compressed
 * hex (::ffff:127.0.0.1 → ::ffff:7f00:1); the parsers below accept the loose forms as well so
 * the check never depends on that canonicalisation alone.
 *
 * Not covered, by nature: a public name whose DNS answer is private (DNS rebinding). Workers
 * have no DNS lookup to check against, and on Cloudflare a Worker's fetch cannot reach private
 * networks anyway; well-known wildcard-DNS names that map to any IP are refused as a courtesy.
 * Redirects are the caller's concern: provider calls use `redirect: 'manual'`.
 */

export class UrlNotAllowedError extends Error {
  constructor(readonly reason: string) {
    super(`This URL is not allowed: ${reason}`);
    this.name = 'UrlNotAllowedError';
  }
}

/** The parsed URL when it is http(s), has no credentials and names a public host; throws otherwise. */
export function assertPublicHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new UrlNotAllowedError('it is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UrlNotAllowedError('only http and https URLs are allowed');
  if (parsed.username !== '' || parsed.password !== '')
    throw new UrlNotAllowedError('credentials in the URL are not allowed');
  const problem = blockedHostReason(parsed.hostname);
  if (problem) throw new UrlNotAllowedError(`${parsed.hostname} is ${problem}`);
  return parsed;
}

/** Why `hostname` (as in URL.hostname: IPv6 in brackets) is not public, or undefined when it is. */
export function blockedHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return 'empty';
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = parseIPv6(host.slice(1, -1));
    return groups ? blockedIPv6Reason(groups) : 'not a valid IPv6 address';
  }
  const ipv4 = parseIPv4(host);
  if (ipv4 !== undefined) return blockedIPv4Reason(ipv4);
  return blockedNameReason(host);
}

const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'intranet', 'lan'];
/** Wildcard DNS services that answer any embedded IP (127.0.0.1.nip.io → 127.0.0.1). */
const WILDCARD_DNS = ['nip.io', 'sslip.io', 'xip.io', 'localtest.me', 'lvh.me', 'vcap.me', '1u.ms', 'rbndr.us'];

function blockedNameReason(host: string): string | undefined {
  // Single-label names (`metadata`, `instance-data`, `kubernetes`) resolve only via search domains.
  if (!host.includes('.')) return host === 'localhost' ? 'a loopback name' : 'a local (single-label) name';
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
    return 'a local or internal name';
  if (WILDCARD_DNS.some((domain) => host === domain || host.endsWith(`.${domain}`)))
    return 'a wildcard DNS name that can point anywhere';
  return undefined;
}

// IPv4 ------------------------------------------------------------------------------------

/** [network, prefix length, what it is] */
const BLOCKED_IPV4: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local (cloud metadata) address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
  // Public on paper but Azure's metadata / wire server, reachable from inside Azure VMs.
  ['168.63.129.16', 32, 'a cloud metadata address'],
];

const BLOCKED_IPV4_RANGES = BLOCKED_IPV4.map(([network, prefix, reason]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: (parseIPv4(network) ?? 0) & mask, mask, reason };
});

function blockedIPv4Reason(address: number): string | undefined {
  return BLOCKED_IPV4_RANGES.find((range) => (address & range.mask) >>> 0 === range.base >>> 0)?.reason;
}

/**
 * An IPv4 address in any form the WHATWG URL parser accepts — 1 to 4 parts, each decimal,
 * octal (leading 0) or hex (0x) — as an unsigned 32-bit number; undefined when not IPv4.
 */
export function parseIPv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((value) => value > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((sum, value, index) => sum + value * 256 ** (3 - index), 0) + last;
}

function parseIPv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(?:0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

// IPv6 ------------------------------------------------------------------------------------

function blockedIPv6Reason(g: readonly number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = ((g6 << 16) >>> 0) + g7;
  const zeroUpTo = (count: number) => g.slice(0, count).every((group) => group === 0);
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d; none is a public host.
  if (zeroUpTo(6)) return g7 === 1 && g6 === 0 ? 'a loopback address' : 'an unspecified or IPv4-compatible address';
  if (zeroUpTo(5) && g5 === 0xffff) return embeddedReason('IPv4-mapped', embedded);
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return embeddedReason('IPv4-translated', embedded);
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embeddedReason('NAT64', embedded);
    if (g2 === 1) return 'a local-use NAT64 address';
  }
  if (g0 === 0x2002) return embeddedReason('6to4', ((g1 << 16) >>> 0) + g2);
  if (g0 === 0x2001 && g1 === 0) return 'a Teredo address';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'a documentation address';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'a discard address';
  if ((g0 & 0xfe00) === 0xfc00) return 'a unique-local (private) address';
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  return undefined;
}

function embeddedReason(kind: string, ipv4: number): string | undefined {
  const reason = blockedIPv4Reason(ipv4);
  return reason ? `${reason} (${kind})` : undefined;
}

/** Eight 16-bit groups, from full, `::`-compressed or dotted-quad-tailed text; undefined if invalid. */
export function parseIPv6(text: string): number[] | undefined {
  if (text.includes('%')) return undefined; // zone ids name a local interface
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function groupsOf(text: string): number[] | undefined {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index === pieces.length - 1 && piece.includes('.')) {
      // A dotted quad in the last 32 bits (::ffff:127.0.0.1): strict decimal, as IPv6 requires.
      const octets = piece.split('.');
      if (octets.length !== 4 || octets.some((octet) => !/^(?:0|[1-9][0-9]{0,2})$/.test(octet) || Number(octet) > 255))
        return undefined;
      const [a = 0, b = 0, c = 0, d = 0] = octets.map(Number);
      groups.push(a * 256 + b, c * 256 + d);
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}
