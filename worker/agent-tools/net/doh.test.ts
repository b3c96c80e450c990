import { describe, expect, it } from 'vitest';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../../test/mock-tools/doh-handler';
import { handlerFetch } from '../../test/mock-tools/handler-fetch';
import { createDohResolver, DEFAULT_DOH_RESOLVER, DnsLookupError } from './doh';

const RECORDS = { 'api.example.com': ['93.184.215.14', '2606:2800:21f::1'] };

describe('createDohResolver', () => {
  it('asks for A and AAAA with the JSON API and returns every address', async () => {
    const net = handlerFetch({ [MOCK_DOH_ORIGIN]: dohHandler(RECORDS) });
    const resolve = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch });
    expect(await resolve('API.example.com.')).toEqual(['93.184.215.14', '2606:2800:21f::1']);
    expect(net.requests.sort()).toEqual([
      `GET ${MOCK_DOH_URL}?name=api.example.com&type=A`,
      `GET ${MOCK_DOH_URL}?name=api.example.com&type=AAAA`,
    ]);
    expect(net.seen[0]?.headers.get('accept')).toBe('application/dns-json');
  });

  it('uses Cloudflare’s resolver when none is configured', async () => {
    const net = handlerFetch({ 'https://cloudflare-dns.com': dohHandler(RECORDS) });
    const resolve = createDohResolver({ resolverUrl: null, fetch: net.fetch });
    expect(await resolve('api.example.com')).toHaveLength(2);
    expect(net.requests[0]?.startsWith(`GET ${DEFAULT_DOH_RESOLVER}?`)).toBe(true);
  });

  it('caches an answer for its TTL (at most a minute), then asks again', async () => {
    let clock = 1_000_000;
    const net = handlerFetch({ [MOCK_DOH_ORIGIN]: dohHandler(RECORDS, 300) });
    const resolve = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch, now: () => clock });
    await resolve('api.example.com');
    clock += 59_000;
    await resolve('api.example.com');
    expect(net.requests).toHaveLength(2);
    clock += 2_000;
    await resolve('api.example.com');
    expect(net.requests).toHaveLength(4);
  });

  it('does not cache an answer whose TTL is 0', async () => {
    const net = handlerFetch({ [MOCK_DOH_ORIGIN]: dohHandler(RECORDS, 0) });
    const resolve = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch });
    await resolve('api.example.com');
    await resolve('api.example.com');
    expect(net.requests).toHaveLength(4);
  });

  it('answers no addresses for NXDOMAIN', async () => {
    const net = handlerFetch({ [MOCK_DOH_ORIGIN]: dohHandler(RECORDS) });
    expect(await createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch })('nope.example.com')).toEqual([]);
  });

  it.each([
    ['an HTTP error', () => new Response('down', { status: 503 }), 'answered HTTP 503'],
    ['a failure status (SERVFAIL)', () => Response.json({ Status: 2 }), 'answered status 2'],
    ['garbage', () => new Response('<html>'), 'could not be reached or answered garbage'],
    [
      'an A record that is not an address',
      () => Response.json({ Status: 0, Answer: [{ type: 1, TTL: 5, data: '0x7f.1' }] }),
      'is not an A address',
    ],
  ])('fails closed on %s', async (_, handler, message) => {
    const net = handlerFetch({ [MOCK_DOH_ORIGIN]: handler });
    const resolve = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch });
    const failure = resolve('api.example.com');
    await expect(failure).rejects.toBeInstanceOf(DnsLookupError);
    await expect(failure).rejects.toThrow(message);
  });

  it('fails closed when the resolver cannot be reached, and rethrows an abort as such', async () => {
    const unreachable = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: handlerFetch({}).fetch });
    await expect(unreachable('api.example.com')).rejects.toBeInstanceOf(DnsLookupError);
    const hanging = createDohResolver({
      resolverUrl: MOCK_DOH_URL,
      fetch: handlerFetch({ [MOCK_DOH_ORIGIN]: () => new Promise<Response>(() => {}) }).fetch,
    });
    const controller = new AbortController();
    const pending = hanging('api.example.com', controller.signal);
    controller.abort(new Error('run stopped'));
    await expect(pending).rejects.toThrow('run stopped');
  });
});
