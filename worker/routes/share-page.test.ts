import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../app';
import { SHARE_MESSAGES, sharedConversationSchema, sharedLinkResultSchema } from '../contract/share';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import type { EnvVars } from '../env';
import { pageText } from '../services/page-language/page-text';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const ORIGIN = 'http://app.test';
/** A shell shaped like web/dist/index.html: a title, a head script, an empty #root. */
const SHELL = `<!doctype html><html lang="en-US"><head><meta charset="UTF-8" /><title>LibreChat</title>
<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

const shellAssets = {
  fetch: async () => new Response(SHELL, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
} as unknown as Fetcher;

/** Requests the page as a browser would, with the SPA shell served by a stand-in assets binding. */
async function getPage(path: string, vars: EnvVars = {}, headers: HeadersInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers });
  const res = await app.fetch(request, { ...env, ...vars, ASSETS: shellAssets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const HOSTILE_TITLE = '</title><script>alert("t")</script> & "quotes"';
const HOSTILE_TEXT = '<img src=x onerror=alert(1)> </script><script>alert(2)</script> <!-- \u2028';

async function sharedConversation(user: UserRow, title = HOSTILE_TITLE) {
  const conversationId = await createConversation(env.DB, user.id, { title });
  const question = await createMessage(env.DB, user.id, conversationId, {
    text: HOSTILE_TEXT,
    createdAt: Date.UTC(2025, 2, 4, 10),
  });
  await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: question,
    text: 'Line one\nline two',
    sender: 'Assistant <b>',
    isCreatedByUser: false,
    createdAt: Date.UTC(2025, 2, 4, 10, 1),
  });
  const res = await callAs(user, `/api/share/${conversationId}`, 'POST');
  const { shareId } = sharedLinkResultSchema.parse(await res.json());
  return { conversationId, shareId };
}

describe('GET /share/{shareId}', () => {
  it('renders the title, previews and escaped text, and embeds the data for the SPA', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner);
    const res = await getPage(`/share/${shareId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();

    const titleText = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
    expect(titleText).toBe('&lt;/title&gt;&lt;script&gt;alert("t")&lt;/script&gt; &amp; "quotes" | EdgeChat');
    expect(html).toContain(
      '<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; | EdgeChat">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/share/${shareId}">`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>Assistant &lt;b&gt;</strong>');
    // The share's creation date, as long month, day, year.
    const created = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    expect(html).toMatch(new RegExp(`<time datetime="[^"]+">${created}</time>`));
    expect(html).toContain('/assets/index.js');
    // Nothing from the data became markup: the only scripts are the shell's and the data block.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html.match(/<script\b/g)).toHaveLength(2);

    const data = /<script type="application\/json" id="share-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    const embedded = sharedConversationSchema.parse(JSON.parse(data));
    const api = sharedConversationSchema.parse(await (await callAs(null, `/api/share/${shareId}`)).json());
    expect(embedded).toEqual(api);
    expect(embedded.messages[0]?.text).toBe(HOSTILE_TEXT);
  });

  it('keeps the rendering beside an empty, hidden #root until the SPA takes over', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Takeover chat');
    const html = await (await getPage(`/share/${shareId}`)).text();
    expect(html).toContain('<style>#share-ssr~#root{display:none}</style>');
    expect(html).toMatch(
      /<div id="share-ssr"><header class="share-bar">[\s\S]*?<main class="share-static"[\s\S]*?Takeover chat[\s\S]*?<\/main><\/div><div id="root"><\/div>/,
    );
    const notFound = await (await getPage('/share/no-such-link')).text();
    expect(notFound).toMatch(
      /<div id="share-ssr"><header class="share-bar">[\s\S]*?<main class="share-missing"[\s\S]*?<\/main><\/div><div id="root"><\/div>/,
    );
  });

  it('answers 404 with a branded not-found page for an unknown link: heading, explanation, the way in', async () => {
    const res = await getPage('/share/no-such-link');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`<title>${SHARE_MESSAGES.notFound} | EdgeChat</title>`);
    const body = /<main class="share-missing">([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
    expect(body).toContain(`<h1>${SHARE_MESSAGES.notFound}</h1>`);
    expect(body).toContain(`<p>${pageText('en-US', 'com_ui_shared_link_not_found_detail')}</p>`);
    expect(body).toContain(`<a class="share-start" href="/">${pageText('en-US', 'com_ui_share_start_chatting')}</a>`);
    expect(brandOf(html)).toEqual({ title: 'EdgeChat', hasLogo: true, startHref: '/' });
    expect(html).not.toContain('share-data');
  });

  it('speaks the visitor’s language: the lang cookie first, then Accept-Language, mirrored for Arabic', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Languages');
    const german = await (
      await getPage(`/share/${shareId}`, {}, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' })
    ).text();
    expect(german).toMatch(/<html lang="de-DE" dir="ltr">/);
    expect(german).toContain(`>${pageText('de-DE', 'com_ui_share_start_chatting')}</a>`);
    // The share's date in German words: "4. März 2025" style, whatever today is.
    const germanDate = new Intl.DateTimeFormat('de-DE', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(german).toContain(`>${germanDate.format(new Date())}</time>`);

    const arabic = await (
      await getPage(`/share/${shareId}`, {}, { cookie: 'lang=ar-EG', 'accept-language': 'de-DE' })
    ).text();
    expect(arabic).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(arabic).toContain(`>${pageText('ar-EG', 'com_ui_share_start_chatting')}</a>`);

    const missing = await getPage('/share/no-such-link', {}, { cookie: 'lang=ja-JP' });
    expect(await missing.text()).toContain(`<h1>${pageText('ja-JP', 'com_ui_shared_link_not_found')}</h1>`);
    expect(missing.headers.get('vary')).toContain('Accept-Language');
  });

  it('brands the page with the configured app title and logo, and links into the app', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Branded chat');
    const vars = { APP_TITLE: 'Acme <Chat>' };
    const html = await (await getPage(`/share/${shareId}`, vars)).text();
    expect(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1]).toBe('Branded chat | Acme &lt;Chat&gt;');
    expect(brandOf(html)).toEqual({ title: 'Acme &lt;Chat&gt;', hasLogo: true, startHref: '/' });
    // The bar comes before the conversation.
    expect(html.indexOf('class="share-bar"')).toBeLessThan(html.indexOf('<h1>Branded chat</h1>'));
    const missing = await getPage('/share/no-such-link', vars);
    expect(missing.status).toBe(404);
    expect(brandOf(await missing.text())).toEqual({ title: 'Acme &lt;Chat&gt;', hasLogo: true, startHref: '/' });
  });

  it('serves the second visit from the edge cache', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Cached chat');
    const first = await getPage(`/share/${shareId}`);
    expect(first.headers.get('x-share-cache')).toBe('miss');
    const firstHtml = await first.text();
    const second = await getPage(`/share/${shareId}`);
    expect(second.headers.get('x-share-cache')).toBe('hit');
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
    expect(await second.text()).toBe(firstHtml);
  });

  it('purges the cached page on refresh: the old URL answers 404, the new one is rendered afresh', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Refreshed chat');
    await (await getPage(`/share/${shareId}`)).text();
    const hit = await getPage(`/share/${shareId}`);
    expect(hit.headers.get('x-share-cache')).toBe('hit');
    await hit.text();
    expect(await cachedEntries(shareId)).toBe(1);

    const refreshed = await callAs(owner, `/api/share/${shareId}`, 'PATCH');
    const { shareId: newId } = sharedLinkResultSchema.parse(await refreshed.json());
    expect(await cachedEntries(shareId)).toBe(0);
    const old = await getPage(`/share/${shareId}`);
    expect(old.status).toBe(404);
    const fresh = await getPage(`/share/${newId}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-share-cache')).toBe('miss');
    expect(await fresh.text()).toContain('Refreshed chat');
  });

  it('purges the cached page on delete', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Deleted chat');
    await (await getPage(`/share/${shareId}`)).text();
    expect(await cachedEntries(shareId)).toBe(1);
    expect((await callAs(owner, `/api/share/${shareId}`, 'DELETE')).status).toBe(200);
    expect(await cachedEntries(shareId)).toBe(0);
    expect((await getPage(`/share/${shareId}`)).status).toBe(404);
  });

  // Regression: the Cache API purges one data centre only, and deleting the conversation
  // removes its link without passing through the share routes.
  it('never serves a cached page whose link is gone, even without a purge', async () => {
    const owner = await createTestUser();
    const { conversationId, shareId } = await sharedConversation(owner, 'Conversation deleted elsewhere');
    await (await getPage(`/share/${shareId}`)).text();
    await env.DB.prepare('DELETE FROM conversations WHERE conversationId = ?1').bind(conversationId).run();
    expect((await getPage(`/share/${shareId}`)).status).toBe(404);
  });

  it('renders again after a rename instead of serving the stale title', async () => {
    const owner = await createTestUser();
    const { conversationId, shareId } = await sharedConversation(owner, 'Old title');
    await (await getPage(`/share/${shareId}`)).text();
    await env.DB.prepare('UPDATE conversations SET title = ?1, updatedAt = ?2 WHERE conversationId = ?3')
      .bind('New title', Date.now() + 1000, conversationId)
      .run();
    const res = await getPage(`/share/${shareId}`);
    expect(res.headers.get('x-share-cache')).toBe('miss');
    expect(await res.text()).toContain('<title>New title | EdgeChat</title>');
  });

  it('serves the bare shell, uncached, when links need an account', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Members only');
    const res = await getPage(`/share/${shareId}`, { ALLOW_SHARED_LINKS_PUBLIC: 'false' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).not.toContain('Members only');
    expect(html).not.toContain('share-data');
  });

  it('answers 404 when the operator switched shared links off', async () => {
    const owner = await createTestUser();
    const { shareId } = await sharedConversation(owner, 'Sharing off');
    const res = await getPage(`/share/${shareId}`, { ALLOW_SHARED_LINKS: 'false' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Sharing off');
  });
});

/** The bar on top of a rendered page: the app title beside the logo, and where "Start chatting" leads. */
function brandOf(html: string): { title: string | undefined; hasLogo: boolean; startHref: string | undefined } {
  const bar = /<header class="share-bar">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
  const brand = /<a class="share-brand" href="\/">([\s\S]*?)<\/a>/.exec(bar)?.[1] ?? '';
  return {
    title: /<span>([^<]*)<\/span>/.exec(brand)?.[1],
    hasLogo: /^<svg aria-hidden="true" viewBox="0 0 40 40"/.test(brand),
    startHref: new RegExp(
      `<a class="share-start" href="([^"]*)">${pageText('en-US', 'com_ui_share_start_chatting')}</a>`,
    ).exec(bar)?.[1],
  };
}

/** How many copies of the link's page this data centre's cache holds (0 or 1), whatever their version. */
async function cachedEntries(shareId: string): Promise<number> {
  const cached = await caches.default.match(new Request(`${ORIGIN}/__share-page/v3/${shareId}/en-US`));
  await cached?.body?.cancel();
  return cached ? 1 : 0;
}
