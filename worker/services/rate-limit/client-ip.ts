/**
 * The subject a per-IP limit counts: Cloudflare's `cf-connecting-ip` (set by the edge, not
 * forgeable by the client), or `unknown` when absent (local tools calling the Worker directly).
 *
 * An IPv6 client usually controls a whole /64 and can hop between its addresses, so IPv6 is
 * counted per /64; IPv4-mapped IPv6 addresses count as the IPv4 address they carry.
 */
export function ipSubject(header: string | undefined): string {
  const ip = header?.trim().toLowerCase();
  if (!ip) return 'ip:unknown';
  if (!ip.includes(':')) return `ip:${ip}`;
  const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return `ip:${mapped[1]}`;
  const groups = expandIpv6(ip);
  return groups ? `ip6:${groups.slice(0, 4).join(':')}::/64` : `ip:${ip}`;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null if malformed. */
function expandIpv6(ip: string): string[] | null {
  const address = ip.split('%')[0] ?? '';
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
