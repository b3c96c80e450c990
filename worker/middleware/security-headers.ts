import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { loadAppConfig } from '../services/config/store';
import { cspAllowances } from '../services/security/allowances';
import { securityHeaders, type HeaderContext, type ResponseKind } from '../services/security/policy';
import { publicPageStyleHashes } from '../services/public-pages/page-style';
import { shareStyleHashes } from '../services/share/style-hashes';
import { PUBLIC_PAGE_SLUGS, publicPagePath } from '../contract/public-pages';
import { SERVICE_WORKER_PATH } from '../contract/pwa';

const PUBLIC_PAGE_PATHS = new Set<string>(PUBLIC_PAGE_SLUGS.map(publicPagePath));

/** A server-rendered public page (`/about`, …): the share page's strict policy, with its own style hashes. */
const isPublicPage = (path: string) => PUBLIC_PAGE_PATHS.has(path);

/**
 * What kind of response this is, read from the response itself so a new route is covered the
 * moment it is mounted: an attachment is a download whatever its type, HTML is a page (a share
 * page under /share/ or a public page), anything from /oauth/ is a hand-off, the service worker's
 * script gets a worker's policy, an image is stored bytes, and the rest (JSON, event streams, the build's other files) gets the inert policy.
 */
export function responseKind(path: string, response: Response): ResponseKind {
  const type = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (/^\s*attachment/i.test(response.headers.get('content-disposition') ?? '')) return 'download';
  if (path.startsWith('/oauth/')) return 'redirect';
  if (path === SERVICE_WORKER_PATH && type.includes('javascript')) return 'worker';
  if (type.startsWith('text/html')) return path.startsWith('/share/') || isPublicPage(path) ? 'share' : 'document';
  if (type.startsWith('image/')) return 'image';
  return 'api';
}

async function headerContext(c: Context<AppEnv>, kind: ResponseKind): Promise<HeaderContext> {
  const url = new URL(c.req.url);
  if (kind !== 'document' && kind !== 'share') return { url };
  const allowances = cspAllowances(c.env, await loadAppConfig(c.env));
  if (kind !== 'share') return { url, allowances };
  const styleHashes = isPublicPage(url.pathname) ? await publicPageStyleHashes() : await shareStyleHashes();
  return { url, allowances, shareStyleHashes: styleHashes };
}

/** Headers of a response from `fetch` (the assets binding) are immutable: copy it first. */
function mutableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

/**
 * Sets the security headers of every response the Worker answers, by kind, as decided in
 * services/security/policy.ts; a header a route set itself is replaced, so the policy cannot
 * drift per route. Mounted first, so errors and not-found answers are covered too.
 */
export const securityHeadersMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // A 304's headers replace those the browser stored with the page: it must not carry a
  // policy chosen without the body's type, and the stored 200 already has the right ones.
  if (c.res.status === 304) return;
  const kind = responseKind(c.req.path, c.res);
  const headers = securityHeaders(kind, await headerContext(c, kind));
  const target = mutableHeaders(c);
  for (const [name, value] of Object.entries(headers)) target.set(name, value);
};
