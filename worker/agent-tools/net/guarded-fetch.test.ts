import { describe, expect, it } from 'vitest';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../../test/mock-tools/doh-handler';
import { type Handler, handlerFetch } from '../../test/mock-tools/handler-fetch';
import type { NetworkPolicy } from '../types';
import { createDohResolver } from './doh';
import { createGuardedFetch, domainAllowed, MAX_REDIRECTS, OutboundRefusedError } from './guarded-fetch';

const DNS: Record<string, string[]> = {
  'api.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'other.example.org': ['93.184.215.15'],
  'sneaky.example.com': ['10.0.0.5'],
  'sneaky6.example.com': ['93.184.215.16', 'fd00::1'],
};

const ok: Handler = (request) => new Response(`hello from ${new URL(request.url).pathname}`);

function setup(handlers: Record<string, Handler>, policy: Partial<NetworkPolicy> = {}) {
  const net = handlerFetch({ [MOCK_DOH_ORIGIN]: dohHandler(DNS), ...handlers });
  const resolve = createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch });
  const fetch = createGuardedFetch(
    { allowedDomains: null, privateHosts: [], dnsResolver: MOCK_DOH_URL, ...policy },
    { fetch: net.fetch, resolve },
  );
  /** What reached a service, DNS queries left out. */
  const sent = () => net.requests.filter((line) => !line.includes(MOCK_DOH_ORIGIN));
  return { fetch, net, sent };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.message;
    throw error;
  }
  throw new Error('the request was not refused');
}

describe('guarded fetch: public hosts pass', () => {
  it('fetches a public name whose DNS answers are public', async () => {
    const { fetch, sent } = setup({ 'https://api.example.com': ok });
    const response = await fetch('https://api.example.com/v1/items?q=1');
    expect(await response.text()).toBe('hello from /v1/items');
    expect(sent()).toEqual(['GET https://api.example.com/v1/items?q=1']);
  });

  it('fetches a public IP literal without a DNS lookup', async () => {
    const { fetch, net } = setup({ 'http://93.184.215.14': ok });
    expect((await fetch('http://93.184.215.14/x')).status).toBe(200);
    expect(net.requests).toEqual(['GET http://93.184.215.14/x']);
  });
});

describe('guarded fetch: private addresses are refused before anything is sent', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.0.0.1:8787/mcp', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['http://0x7f.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://localhost:3000/', 'loopback'],
    ['http://metadata/computeMetadata/v1/', 'single-label'],
  ])('%s', async (url, reason) => {
    const { fetch, net } = setup({});
    expect(await refusal(fetch(url))).toContain(reason);
    expect(net.requests).toEqual([]);
  });

  it('checks a Request or URL given instead of a string, and sends its body', async () => {
    const { fetch, net } = setup({ 'https://api.example.com': ok });
    expect(await refusal(fetch(new Request('http://127.0.0.1/')))).toContain('loopback');
    expect(await refusal(fetch(new URL('http://169.254.169.254/')))).toContain('link-local');
    await fetch(new Request('https://api.example.com/in', { method: 'POST', body: 'payload' }));
    expect(await net.seen.at(-1)?.text()).toBe('payload');
  });

  it('refuses a public name whose DNS answer is private (10.0.0.5)', async () => {
    const { fetch, sent } = setup({ 'https://sneaky.example.com': ok });
    expect(await refusal(fetch('https://sneaky.example.com/'))).toBe(
      'Request refused: sneaky.example.com resolves to 10.0.0.5, a private address',
    );
    expect(sent()).toEqual([]);
  });

  it('refuses a name when any one of its answers is private (an IPv6 unique-local one)', async () => {
    const { fetch } = setup({ 'https://sneaky6.example.com': ok });
    expect(await refusal(fetch('https://sneaky6.example.com/'))).toContain('fd00::1');
  });

  it('fails closed: a name without addresses, or a resolver that is down, is refused', async () => {
    const { fetch } = setup({ 'https://nowhere.example.com': ok });
    expect(await refusal(fetch('https://nowhere.example.com/'))).toContain('has no DNS address');
    const down = createGuardedFetch(
      { allowedDomains: null, privateHosts: [], dnsResolver: MOCK_DOH_URL },
      {
        fetch: handlerFetch({ 'https://api.example.com': ok }).fetch,
        resolve: createDohResolver({
          resolverUrl: MOCK_DOH_URL,
          fetch: handlerFetch({ [MOCK_DOH_ORIGIN]: () => new Response('oops', { status: 502 }) }).fetch,
        }),
      },
    );
    expect(await refusal(down('https://api.example.com/'))).toContain(
      'could not be checked (the DNS resolver answered HTTP 502)',
    );
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const { fetch } = setup({});
    expect(await refusal(fetch('https://user:secret@api.example.com/'))).toContain('credentials');
    expect(await refusal(fetch('file:///etc/passwd'))).toContain('only http and https');
    expect(await refusal(fetch('gopher://api.example.com/'))).toContain('only http and https');
    expect(await refusal(fetch('not a url'))).toContain('not a valid URL');
  });

  it('lets an exact host:port of privateHosts through, and nothing else on that host', async () => {
    const { fetch } = setup({ 'http://127.0.0.1:8787': ok }, { privateHosts: ['127.0.0.1:8787'] });
    expect(await (await fetch('http://127.0.0.1:8787/mock')).text()).toBe('hello from /mock');
    expect(await refusal(fetch('http://127.0.0.1:8788/mock'))).toContain('loopback');
    expect(await refusal(fetch('http://127.0.0.1/mock'))).toContain('loopback');
  });
});

describe('guarded fetch: allowed domains', () => {
  it('refuses a host outside actions.allowedDomains before any lookup', async () => {
    const { fetch, net } = setup({ 'https://other.example.org': ok }, { allowedDomains: ['api.example.com'] });
    expect(await refusal(fetch('https://other.example.org/'))).toBe(
      'Request refused: other.example.org is not in the allowed domains',
    );
    expect(net.requests).toEqual([]);
  });

  it('matches exact hosts and *.suffix sub-domains; no list or an empty one allows all', () => {
    const list = ['api.example.com', '*.example.org', 'https://Tools.Example.net:443/v1'];
    expect(domainAllowed('api.example.com', list)).toBe(true);
    expect(domainAllowed('API.example.com.', list)).toBe(true);
    expect(domainAllowed('x.api.example.com', list)).toBe(false);
    expect(domainAllowed('a.b.example.org', list)).toBe(true);
    expect(domainAllowed('example.org', list)).toBe(false);
    expect(domainAllowed('evilexample.org', list)).toBe(false);
    expect(domainAllowed('tools.example.net', list)).toBe(true);
    expect(domainAllowed('anything.test', null)).toBe(true);
    expect(domainAllowed('anything.test', [])).toBe(true);
  });
});

describe('guarded fetch: redirects are followed by hand and re-checked', () => {
  const redirect =
    (location: string, status = 302): Handler =>
    () =>
      new Response(null, { status, headers: { location } });

  it('follows a relative redirect to the same public host', async () => {
    const { fetch, sent } = setup({
      'https://api.example.com': (request) =>
        new URL(request.url).pathname === '/old' ? redirect('/new')(request) : ok(request),
    });
    expect(await (await fetch('https://api.example.com/old')).text()).toBe('hello from /new');
    expect(sent()).toEqual(['GET https://api.example.com/old', 'GET https://api.example.com/new']);
  });

  it('refuses a 302 to loopback', async () => {
    const { fetch, sent } = setup({ 'http://api.example.com': redirect('http://127.0.0.1:6379/') });
    expect(await refusal(fetch('http://api.example.com/'))).toContain('127.0.0.1 is a loopback address');
    expect(sent()).toEqual(['GET http://api.example.com/']);
  });

  it('refuses a redirect to a name whose DNS answer is private, and to the metadata address', async () => {
    const { fetch } = setup({
      'https://api.example.com': redirect('https://sneaky.example.com/'),
      'https://other.example.org': redirect('http://169.254.169.254/latest/', 307),
    });
    expect(await refusal(fetch('https://api.example.com/'))).toContain('10.0.0.5');
    expect(await refusal(fetch('https://other.example.org/'))).toContain('https to http');
  });

  it('refuses a downgrade from https to http, even to a public host', async () => {
    const { fetch } = setup({ 'https://api.example.com': redirect('http://api.example.com/plain') });
    expect(await refusal(fetch('https://api.example.com/'))).toBe(
      'Request refused: a redirect from https to http (api.example.com)',
    );
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    let hops = 0;
    const loop: Handler = () => new Response(null, { status: 302, headers: { location: `/hop${(hops += 1)}` } });
    const { fetch, sent } = setup({ 'https://api.example.com': loop });
    expect(await refusal(fetch('https://api.example.com/'))).toBe('Request refused: more than 3 redirects');
    expect(sent()).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('turns a POST into a GET on 303 and 301, but keeps method and body on 307 (and a PUT on 301)', async () => {
    const { fetch, net } = setup({
      'https://api.example.com': (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/see-other') return redirect('/done', 303)(request);
        if (path === '/temporary') return redirect('/done', 307)(request);
        if (path === '/moved') return redirect('/done', 301)(request);
        return ok(request);
      },
    });
    const post = { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } };
    await fetch('https://api.example.com/see-other', post);
    await fetch('https://api.example.com/temporary', post);
    await fetch('https://api.example.com/moved', post);
    await fetch('https://api.example.com/moved', { ...post, method: 'PUT' });
    const done = net.seen.filter((request) => request.url.endsWith('/done'));
    expect(done.map((request) => request.method)).toEqual(['GET', 'POST', 'GET', 'PUT']);
    expect(await done[1]?.text()).toBe('{"a":1}');
    expect(done[0]?.headers.get('content-type')).toBeNull();
  });

  it('does not carry credentials to another origin', async () => {
    const { fetch, net } = setup({
      'https://api.example.com': redirect('https://other.example.org/landing'),
      'https://other.example.org': ok,
    });
    await fetch('https://api.example.com/', {
      headers: { authorization: 'Bearer secret', 'x-api-key': 'k', accept: 'application/json' },
    });
    const [first, second] = net.seen.filter((request) => !request.url.startsWith(MOCK_DOH_ORIGIN));
    expect(first?.headers.get('authorization')).toBe('Bearer secret');
    expect(second?.headers.get('authorization')).toBeNull();
    expect(second?.headers.get('x-api-key')).toBeNull();
    expect(second?.headers.get('accept')).toBe('application/json');
  });
});

describe('guarded fetch: the caller’s signal', () => {
  it('rejects a request in flight when the signal fires', async () => {
    const { fetch } = setup({ 'https://api.example.com': () => new Promise<Response>(() => {}) });
    const controller = new AbortController();
    const pending = fetch('https://api.example.com/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the user')), 10);
    await expect(pending).rejects.toThrow('stopped by the user');
  });

  it('honours the signal of a Request given as input', async () => {
    const { fetch } = setup({ 'https://api.example.com': () => new Promise<Response>(() => {}) });
    const controller = new AbortController();
    const pending = fetch(new Request('https://api.example.com/slow', { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('stopped')), 10);
    await expect(pending).rejects.toThrow('stopped');
  });

  it('sends nothing when the signal has already fired', async () => {
    const { fetch, net } = setup({ 'https://api.example.com': ok });
    await expect(fetch('https://api.example.com/', { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(net.requests).toEqual([]);
  });
});
