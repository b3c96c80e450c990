import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { handleNotFound } from '../middleware/errors';
import { visitorLanguage } from '../services/page-language/page-text';
import { isChatPage, withChatPreloads } from '../services/spa/route-preloads';

/** The Worker's own areas: an unknown path there keeps their JSON 404 rather than the SPA's page. */
const WORKER_AREAS = ['/api/', '/oauth/', '/share/'];

/**
 * The SPA's pages (`/`, `/login`, `/c/…`) and any other file outside the static ones, answered
 * from the assets binding by the Worker. wrangler.toml runs the Worker first for every path but
 * the build's static files, so every HTML document passes through the security headers
 * middleware: its CSP depends on librechat.yaml (icon hosts, Turnstile), which a static
 * `_headers` file cannot know, and with the assets layer's single-page-application fallback a
 * navigation to `/c/…` would otherwise be answered without the Worker running at all. The
 * static files stay on the assets layer (no Worker invocation per script or stylesheet) and get
 * their headers from the `_headers` file the build writes from the same policy.
 */
export const spa = new Hono<AppEnv>().get('*', async (c) => {
  if (WORKER_AREAS.some((area) => c.req.path.startsWith(area)) || !c.env.ASSETS) return handleNotFound(c);
  const page = await c.env.ASSETS.fetch(c.req.raw);
  // Only without a built SPA (the worker tests of a fresh clone) is there no page to fall back
  // to: answer the app's JSON 404 then, not the assets layer's empty one.
  if (page.status === 404) return handleNotFound(c);
  // The chat screen's chunks travel beside the entry (see worker/contract/route-preloads.ts).
  const isHtml = page.headers.get('content-type')?.startsWith('text/html') ?? false;
  if (page.ok && isHtml && isChatPage(c.req.path)) {
    const language = visitorLanguage({
      cookie: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    return withChatPreloads(page, c.env.ASSETS, new URL(c.req.url).origin, language);
  }
  return page;
});
