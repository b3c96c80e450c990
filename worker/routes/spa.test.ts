import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../app';
import { ROUTE_PRELOADS_PATH } from '../contract/route-preloads';

const ORIGIN = 'http://app.test';
/** Shaped like web/dist/index.html: the entry and one of its own preloads in <head>. */
const SHELL = `<!doctype html><html lang="en-US"><head><meta charset="UTF-8" /><title>LibreChat</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js"></head><body><div id="root"></div></body></html>`;

const CHAT_CHUNKS = ['/assets/protected-layout-abc.js', '/assets/chat-abc.js'];
const CATALOGUES = {
  'en-US': ['/assets/translation-en.js', '/assets/chat-en.js'],
  'de-DE': ['/assets/translation-de.js', '/assets/chat-de.js'],
};
const LIST = JSON.stringify({ chat: CHAT_CHUNKS, catalogues: CATALOGUES });

/** A stand-in assets binding: the shell for every page, `preloads` (a body or a status) at ROUTE_PRELOADS_PATH. */
function assets(preloads: string | number): Fetcher & { asked: string[] } {
  const asked: string[] = [];
  const fetch = async (input: Request | string | URL) => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    asked.push(path);
    if (path === ROUTE_PRELOADS_PATH) {
      return typeof preloads === 'number'
        ? new Response('Not found', { status: preloads })
        : new Response(preloads, { headers: { 'content-type': 'application/json' } });
    }
    return new Response(SHELL, { headers: { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' } });
  };
  return { fetch, asked } as unknown as Fetcher & { asked: string[] };
}

async function getPage(path: string, binding: Fetcher, headers: HeadersInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, ASSETS: binding }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The hrefs of the page's modulepreload links, in order. */
const preloadsOf = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);

describe('the SPA page: the chat screen’s chunks preloaded', () => {
  it('lists the chat screen’s chunks in the <head> of /c/new and /c/{id}, after the entry’s own', async () => {
    const binding = assets(LIST);
    for (const path of ['/c/new', '/c/5f0c8a52-3b4e-4a8c-9d1e-2f6a7b8c9d0e']) {
      const res = await getPage(path, binding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await res.text();
      expect(preloadsOf(html), path).toEqual(['/assets/react-abc.js', ...CHAT_CHUNKS, ...CATALOGUES['en-US']]);
      expect(html.indexOf(CHAT_CHUNKS[0]!)).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('adds the catalogues of the language the page will pick: the lang cookie, else Accept-Language', async () => {
    const binding = assets(LIST);
    const german = [...CHAT_CHUNKS, ...CATALOGUES['de-DE']];
    const cases: [HeadersInit, string[]][] = [
      [{ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }, german],
      [{ cookie: 'lang=de-DE', 'accept-language': 'en-US' }, german],
      [{ cookie: 'lang=auto', 'accept-language': 'de' }, german],
      [{ cookie: 'lang=en-US', 'accept-language': 'de-DE' }, [...CHAT_CHUNKS, ...CATALOGUES['en-US']]],
      // A language the build made no catalogues for: the route's chunks only.
      [{ 'accept-language': 'fr-FR' }, CHAT_CHUNKS],
    ];
    for (const [headers, expected] of cases) {
      const res = await getPage('/c/new', binding, headers);
      expect(preloadsOf(await res.text()), JSON.stringify(headers)).toEqual(['/assets/react-abc.js', ...expected]);
      // A copy made for one language is never revalidated into another's (no ETag of the built page).
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('vary')).toContain('Accept-Language');
    }
  });

  it('adds nothing to any other page: /login keeps only the entry’s preloads', async () => {
    const binding = assets(LIST);
    for (const path of ['/login', '/', '/register', '/search', '/d/prompts', '/chat']) {
      const html = await (await getPage(path, binding)).text();
      expect(preloadsOf(html), path).toEqual(['/assets/react-abc.js']);
    }
    expect(binding.asked).not.toContain(ROUTE_PRELOADS_PATH);
  });

  it('reads the list once per assets binding, not per page', async () => {
    const binding = assets(LIST);
    await getPage('/c/new', binding);
    await getPage('/c/abc', binding);
    expect(binding.asked.filter((path) => path === ROUTE_PRELOADS_PATH)).toHaveLength(1);
  });

  it('writes only built chunk paths into the page, whatever the list holds', async () => {
    const hostile = [
      '/assets/ok-1.js',
      '/assets/x.js"><script>alert(1)</script>',
      'https://elsewhere.example/assets/a.js',
      '/assets/../secret.js',
      '/assets/style.css',
      42,
    ];
    const list = JSON.stringify({
      chat: hostile,
      catalogues: { 'en-US': [...hostile, '/assets/ok-2.js'], 'de-DE': 'x' },
    });
    const html = await (await getPage('/c/new', assets(list))).text();
    expect(preloadsOf(html)).toEqual(['/assets/react-abc.js', '/assets/ok-1.js', '/assets/ok-2.js']);
    const german = await (await getPage('/c/new', assets(list), { 'accept-language': 'de-DE' })).text();
    expect(preloadsOf(german)).toEqual(['/assets/react-abc.js', '/assets/ok-1.js']);
    expect(html).not.toContain('alert(1)');
  });

  it('serves the page as built when the build wrote no list, or a broken one', async () => {
    for (const preloads of [404, 'not json', JSON.stringify({ chat: 'nope' }), JSON.stringify(null)]) {
      const res = await getPage('/c/new', assets(preloads));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL);
      expect(res.headers.get('etag')).toBe('"v1"');
    }
  });
});
