/**
 * A DNS-over-HTTPS resolver speaking the JSON API (`?name=…&type=A|AAAA`, `application/dns-json`),
 * answering from a fixed table, so the outbound guard's DNS checks run without a network.
 * A name missing from the table answers NXDOMAIN; `ttl` sets every record's TTL.
 */
import type { Handler } from './handler-fetch';

export const MOCK_DOH_ORIGIN = 'https://doh.mock';
export const MOCK_DOH_URL = `${MOCK_DOH_ORIGIN}/dns-query`;

export function dohHandler(records: Record<string, string[]>, ttl = 30): Handler {
  return (request) => {
    const url = new URL(request.url);
    const name = url.searchParams.get('name') ?? '';
    const type = url.searchParams.get('type');
    if (request.headers.get('accept') !== 'application/dns-json' || (type !== 'A' && type !== 'AAAA'))
      return new Response('bad query', { status: 400 });
    const addresses = records[name];
    if (!addresses) return Response.json({ Status: 3, Question: [{ name, type: 1 }] });
    const wanted = addresses.filter((address) => address.includes(':') === (type === 'AAAA'));
    return Response.json({
      Status: 0,
      Answer: [
        { name, type: 5, TTL: ttl, data: `edge.${name}.` },
        ...wanted.map((data) => ({ name: `edge.${name}.`, type: type === 'A' ? 1 : 28, TTL: ttl, data })),
      ],
    });
  };
}
