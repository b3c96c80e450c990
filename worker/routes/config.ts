import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { optionalAuth } from '../middleware/auth';
import { getActiveBanner } from '../services/banner';
import { loadAppConfig } from '../services/config/store';
import { buildEndpointsConfig } from '../services/endpoints-config';
import { enabledUnlessFalse } from '../services/env-flags';
import { PROMPT_CATEGORIES } from '../services/prompt-categories';
import { buildStartupConfig } from '../services/startup-config';

/**
 * Public configuration routes: what the SPA needs before (and right after) anyone signs in.
 * Each is derived from the app config in KV and the environment; none touches D1.
 */
export const publicConfig = new Hono<AppEnv>()
  .get('/config', async (c) => {
    const config = await loadAppConfig(c.env);
    return c.json(buildStartupConfig(config, c.env, new URL(c.req.url).origin));
  })
  .get('/endpoints', async (c) => {
    const config = await loadAppConfig(c.env);
    return c.json(buildEndpointsConfig(config, c.env));
  })
  // LibreChat's hook for an external endpoints override; this app has none, so the answer is
  // always `false` ("no override"), which is what its client expects in that case.
  .get('/endpoints/config/override', (c) => c.json(false))
  // Signed-in visitors also see banners that are not public.
  .get('/banner', optionalAuth, async (c) =>
    c.json(await getActiveBanner(c.env.CONFIG, { signedIn: c.get('user') !== undefined, log: c.var.log })),
  )
  // Message search is built on D1's FTS5 index, always present; `SEARCH=false` switches it off.
  .get('/search/enable', (c) => c.json(enabledUnlessFalse(c.env.SEARCH)))
  .get('/categories', (c) => c.json(PROMPT_CATEGORIES));
