import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../app';
import { publicPageViewSchema } from '../contract/public-pages';
import { PUBLIC_PAGE_SLUGS } from '../contract/public-page-slugs';
import { DEFAULT_MARKDOWN } from '../services/public-pages/defaults';
import { createStoredPublicPages, PUBLIC_PAGES_KV_KEY, type StoredPublicPages } from '../services/public-pages/record';
import { publicPageStyleHashes } from '../services/public-pages/page-style';

const ORIGIN = 'http://app.test';
/** A shell shaped like web/dist/index.html: a title, a head script, an empty #root. */
const SHELL = `<!doctype html><html lang="en-US"><head><meta charset="UTF-8" /><title>LibreChat</title>
<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;
const shellAssets = {
  fetch: async () => new Response(SHELL, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
} as unknown as Fetcher;

async function getPage(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { headers }),
    { ...env, APP_TITLE: 'Acme Chat', ASSETS: shellAssets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function push(content: Omit<StoredPublicPages, 'updatedAt'>): Promise<void> {
  await env.CONFIG.put(PUBLIC_PAGES_KV_KEY, JSON.stringify(createStoredPublicPages(content)));
}

/** The JSON the page embeds for the SPA. */
function embedded(html: string) {
  const json = /<script type="application\/json" id="public-page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return publicPageViewSchema.parse(JSON.parse(json ?? 'null'));
}

describe('the public pages', () => {
  it.each(PUBLIC_PAGE_SLUGS)('serves /%s with its content, title, meta, header and strict CSP', async (slug) => {
    const res = await getPage(`/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const view = embedded(html);
    expect(html).toContain(`<title>${view.title.replace('&', '&amp;')} | Acme Chat</title>`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/${slug}">`);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain(`<main class="public-page-content">${view.html}</main>`);
    // The eight links, the current one marked, in the bar and in the phone's menu.
    for (const href of [
      '/',
      '/about',
      '/changelog',
      '/support-us',
      '/feedback',
      '/terms-of-service',
      '/privacy',
      '/help',
    ])
      expect(html).toContain(`href="${href}"`);
    expect(html.match(new RegExp(`href="/${slug}" aria-current="page"`, 'g'))).toHaveLength(2);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'none'");
    for (const hash of await publicPageStyleHashes()) expect(csp).toContain(hash);
    expect(csp).not.toMatch(/style-src-elem[^;]*unsafe-inline/);
  });

  it('renders the shipped default when nothing was pushed', async () => {
    const html = await (await getPage('/privacy')).text();
    expect(html).toContain('<h1>Privacy policy</h1>');
    expect(html).toContain('npm run pages:push');
    expect(DEFAULT_MARKDOWN.privacy).toContain('pages/privacy.md');
  });

  it('serves the visitor’s language when a file exists, and the default otherwise', async () => {
    await push({ markdown: { about: { default: '# About\n\nIn English.', 'de-DE': '# Über uns\n\nAuf Deutsch.' } } });
    const german = await (await getPage('/about', { 'accept-language': 'fr;q=0.9, de;q=0.8' })).text();
    expect(german).toContain('<p>Auf Deutsch.</p>');
    // The content is German, the words around it French: the interface language is the first
    // the visitor wants that the app speaks, the content's the first the operator wrote.
    expect(german).toMatch(/<html lang="fr-FR" dir="ltr">/);
    expect(german).toContain('<main class="public-page-content" lang="de-DE" dir="auto">');
    expect(german).toContain('<a href="/">Accueil</a>');
    expect(embedded(german).lang).toBe('de-DE');
    const arabic = await (await getPage('/about', { cookie: 'lang=ar-EG' })).text();
    expect(arabic).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(arabic).toContain('<p>In English.</p>');
    const english = await (await getPage('/about', { 'accept-language': 'fr-FR' })).text();
    expect(english).toContain('<p>In English.</p>');
    // The language menu's cookie comes before the browser's preference; "auto" defers to it.
    const chosen = await (await getPage('/about', { cookie: 'lang=de-DE', 'accept-language': 'en' })).text();
    expect(chosen).toContain('Auf Deutsch.');
    const auto = await (await getPage('/about', { cookie: 'lang=auto', 'accept-language': 'en' })).text();
    expect(auto).toContain('In English.');
    // A page the push left out keeps the shipped default.
    expect(await (await getPage('/feedback')).text()).toContain('<h1>Feedback</h1>');
  });

  it('renders the changelog newest first with typed badges and versions', async () => {
    await push({
      markdown: {},
      changelog: {
        default: [
          { date: '2026-01-05', items: [{ type: 'Fix', description: 'Fixed the **login** page.' }] },
          {
            date: '2026-03-02',
            version: 'v2.0',
            items: [
              { type: 'Feature', description: 'Dark <theme>' },
              { type: 'Rebranding', description: 'A new name.' },
            ],
          },
        ],
      },
    });
    const html = await (await getPage('/changelog')).text();
    const march = html.indexOf('March 2, 2026');
    expect(march).toBeGreaterThan(0);
    expect(html.indexOf('January 5, 2026')).toBeGreaterThan(march);
    expect(html).toContain('<span class="changelog-version">v2.0</span>');
    expect(html).toContain(
      '<span class="changelog-badge" data-type="Feature">Feature</span><span>Dark &lt;theme&gt;</span>',
    );
    expect(html).toContain('data-type="Rebranding">Rebranding</span>');
    expect(html).toContain('<span>Fixed the <strong>login</strong> page.</span>');
  });

  it('answers the second request from the edge cache, and a push replaces it', async () => {
    await push({ markdown: { help: { default: '# Help\n\nFirst version.' } } });
    const first = await getPage('/help');
    expect(first.headers.get('x-public-page-cache')).toBe('miss');
    await first.text();
    const second = await getPage('/help');
    expect(second.headers.get('x-public-page-cache')).toBe('hit');
    expect(second.headers.get('content-security-policy')).toContain("form-action 'none'");
    expect(await second.text()).toContain('First version.');

    await new Promise((resolve) => setTimeout(resolve, 5));
    await push({ markdown: { help: { default: '# Help\n\nSecond version.' } } });
    const pushed = await getPage('/help');
    expect(pushed.headers.get('x-public-page-cache')).toBe('miss');
    expect(await pushed.text()).toContain('Second version.');
  });

  it('serves the defaults when the stored record is invalid', async () => {
    await env.CONFIG.put(PUBLIC_PAGES_KV_KEY, JSON.stringify({ updatedAt: 'x', markdown: { about: 42 } }));
    const html = await (await getPage('/about')).text();
    expect(html).toContain('npm run pages:push');
    await env.CONFIG.delete(PUBLIC_PAGES_KV_KEY);
  });
});

describe('GET /api/pages/:slug', () => {
  it('answers the page as JSON for client-side navigation', async () => {
    const res = await getPage('/api/pages/terms-of-service');
    expect(res.status).toBe(200);
    const view = publicPageViewSchema.parse(await res.json());
    expect(view).toMatchObject({ slug: 'terms-of-service', lang: 'default', title: 'Terms of service' });
    expect(view.html).toContain('<h1>Terms of service</h1>');
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await getPage('/api/pages/secret')).status).toBe(404);
  });
});
