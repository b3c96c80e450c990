import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import app from '../app';
import type { AppEnv } from '../env';
import { parseAppConfig } from '../services/config/parse';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';
import { staticAssetHeadersFile } from '../services/security/policy';
import { callApp } from '../test/helpers';
import { securityHeadersMiddleware } from './security-headers';

/** The assets binding as wrangler gives it: the SPA's shell for any page, files by name. */
const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const { pathname } = new URL(input instanceof Request ? input.url : String(input));
    if (input instanceof Request && input.headers.get('if-none-match') === '"v1"')
      return new Response(null, { status: 304, headers: { etag: '"v1"' } });
    if (pathname === '/robots.txt') return new Response('User-agent: *', { headers: { 'content-type': 'text/plain' } });
    if (pathname.endsWith('.js')) return new Response('', { headers: { 'content-type': 'text/javascript' } });
    return new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html' } });
  },
};

async function callWithAssets(url: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A CSP as a map of directive → sources. */
function directives(res: Response): Map<string, string[]> {
  const policy = res.headers.get('content-security-policy') ?? '';
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function expectCommon(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
}

beforeEach(async () => {
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
});

describe('the SPA pages (document)', () => {
  it('serves every app page from the assets with the strict CSP and the page headers', async () => {
    for (const path of ['/', '/login', '/c/new', '/c/5f0c7e0a-1111-4222-8333-444455556666']) {
      const res = await callWithAssets(`http://app.test${path}`);
      expect(res.status, path).toBe(200);
      expectCommon(res);
      const csp = directives(res);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src-elem')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // The installable app: its manifest and service worker, from the app's origin only.
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('report-uri')).toEqual(['http://app.test/api/csp-report']);
      expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('reporting-endpoints')).toBe('csp="http://app.test/api/csp-report"');
      const permissions = res.headers.get('permissions-policy') ?? '';
      expect(permissions).toContain('microphone=(self)');
      for (const denied of ['camera=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(permissions).toContain(denied);
      // Local http: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('leaves a 304 alone, so the headers stored with the page stay the page’s', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://app.test/c/new', { headers: { 'if-none-match': '"v1"' } }),
      { ...env, ASSETS: assets },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(304);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('adds HSTS in production (https, not a local host) only', async () => {
    const production = await callWithAssets('https://chat.example.com/c/new');
    expect(production.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const local = await callWithAssets('https://localhost/c/new');
    expect(local.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows the iconURL hosts of librechat.yaml, the OpenID image and Turnstile', async () => {
    const parsed = parseAppConfig(`
version: 1.2.1
turnstile:
  siteKey: 1x00000000000000000000AA
endpoints:
  custom:
    - name: Groq
      apiKey: k
      baseURL: https://api.groq.com/openai/v1
      models: { default: [llama] }
      iconURL: https://icons.example.com/groq.png
    - name: Local
      apiKey: k
      baseURL: https://local.example.com/v1
      models: { default: [m] }
      iconURL: "/assets/local.png; script-src *"
`);
    if (!parsed.ok) throw new Error(parsed.errors.join());
    await saveAppConfig(env.CONFIG, parsed.config);
    resetConfigCacheForTests();
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://app.test/login'),
      {
        ...env,
        ASSETS: assets,
        OPENID_IMAGE_URL: 'https://idp.example.org/logo.svg',
        CSP_IMG_ORIGINS: 'https://cdn.example.net',
      },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const csp = directives(res);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://icons.example.com',
      'https://idp.example.org',
      'https://cdn.example.net',
    ]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(csp.get('frame-src')).toEqual(['https://challenges.cloudflare.com']);
  });

  it('gives a file the Worker serves from the assets, not a page, the inert policy', async () => {
    const res = await callWithAssets('http://app.test/robots.txt');
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('gives the service worker script a worker’s policy: its own origin to fetch, nothing else', async () => {
    const res = await callWithAssets('http://app.test/sw.js');
    expectCommon(res);
    const csp = directives(res);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toBeUndefined();
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Another script is not the worker: it keeps the inert policy.
    const other = await callWithAssets('http://app.test/other.js');
    expect(directives(other).get('default-src')).toEqual(["'none'"]);
    expect(directives(other).get('connect-src')).toBeUndefined();
  });

  it('writes the hashed bundles’ headers into the assets layer’s _headers file, cached for good', () => {
    const rules = '  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n';
    const immutable = '  Cache-Control: public, max-age=31536000, immutable\n';
    expect(staticAssetHeadersFile()).toBe(`/assets/*\n${rules}${immutable}`);
  });

  it('answers the JSON 404 when no SPA is built, so there is no page to serve', async () => {
    const ctx = createExecutionContext();
    const empty = { fetch: async () => new Response(null, { status: 404 }) };
    const res = await app.fetch(new Request('http://app.test/c/new'), { ...env, ASSETS: empty }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expectCommon(res);
  });

  it('keeps the API’s JSON 404 for unknown API paths instead of the SPA page', async () => {
    const res = await callWithAssets('http://app.test/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('the API (api)', () => {
  it('answers JSON, errors included, with the inert policy', async () => {
    for (const path of ['/api/config', '/api/convos', '/api/unknown']) {
      const res = await callApp(path);
      expectCommon(res);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toBeNull();
    }
  });
});

describe('the share pages (share)', () => {
  it('have a stricter CSP whose style hashes match the page’s inline styles', async () => {
    const res = await callApp('/share/no-such-link');
    expect(res.status).toBe(404);
    expectCommon(res);
    const csp = directives(res);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    const html = await res.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(styles.length).toBe(2);
    for (const style of styles) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style)));
      expect(csp.get('style-src-elem')).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    }
  });
});

describe('avatar images (image)', () => {
  it('are sandboxed and only for the app’s own pages', async () => {
    const userId = crypto.randomUUID();
    const file = crypto.randomUUID();
    await env.FILES.put(`users/${userId}/avatar/${file}.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      httpMetadata: { contentType: 'image/png' },
    });
    const res = await callApp(`/api/files/images/avatar/${userId}/${file}.png`);
    expect(res.status).toBe(200);
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*; sandbox$/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('file downloads (download)', () => {
  // No route sends files yet: this is the decision the first one inherits by being mounted.
  it('are sandboxed attachments whatever their type', async () => {
    const files = new Hono<AppEnv>().use('*', securityHeadersMiddleware).get('/download', (c) =>
      c.body('<script>alert(1)</script>', 200, {
        'content-type': 'text/html',
        'content-disposition': 'attachment; filename="page.html"',
      }),
    );
    const res = await files.request('http://app.test/download', {}, env);
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*; sandbox$/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toBeNull();
  });
});

describe('OAuth redirects (redirect)', () => {
  it('leak no referrer and are inert', async () => {
    const res = await callApp(
      '/oauth/github',
      {},
      {
        ALLOW_SOCIAL_LOGIN: 'true',
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
      },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/github\.com\//);
    expectCommon(res);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
