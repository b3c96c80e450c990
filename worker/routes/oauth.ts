import { Hono, type Context } from 'hono';
import { socialProviderSchema, type SocialProvider } from '../contract/config';
import type { AppEnv } from '../env';
import { handleNotFound } from '../middleware/errors';
import { bodyLimit } from '../middleware/body-limit';
import { finishLogin, isProviderEnabled, startLogin, type CallbackParams } from '../services/oauth/flow';

/**
 * Social login (`/oauth/{provider}` on the server domain): GET starts the flow, the provider
 * sends the browser back to `/oauth/{provider}/callback` (Apple with a form POST). A provider
 * that is unknown, unconfigured, not listed in registration.socialLogins, or with
 * ALLOW_SOCIAL_LOGIN off answers 404, as if the route did not exist.
 */

/** Apple's form is a code, a state, an ID token and a small user object. */
const CALLBACK_FORM_LIMIT_BYTES = 16 * 1024;
/** Longer values are not from a genuine provider; they are dropped rather than processed. */
const MAX_PARAM_LENGTH = 4096;

async function enabledProvider(c: Context<AppEnv>): Promise<SocialProvider | undefined> {
  const parsed = socialProviderSchema.safeParse(c.req.param('provider'));
  return parsed.success && (await isProviderEnabled(c, parsed.data)) ? parsed.data : undefined;
}

function param(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_PARAM_LENGTH ? value : undefined;
}

function callbackParams(source: Record<string, unknown>): CallbackParams {
  const params: CallbackParams = {};
  for (const name of ['state', 'code', 'error', 'user'] as const) {
    const value = param(source[name]);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

export const oauth = new Hono<AppEnv>()
  .get('/:provider', async (c) => {
    const provider = await enabledProvider(c);
    return provider ? startLogin(c, provider) : handleNotFound(c);
  })
  .get('/:provider/callback', async (c) => {
    const provider = await enabledProvider(c);
    return provider ? finishLogin(c, provider, callbackParams(c.req.query())) : handleNotFound(c);
  })
  // Only Apple answers with a form POST (response_mode=form_post).
  .post('/:provider/callback', bodyLimit(CALLBACK_FORM_LIMIT_BYTES), async (c) => {
    const provider = await enabledProvider(c);
    if (provider !== 'apple') return handleNotFound(c);
    // A form that cannot be read (a multipart type without its boundary, say) carries no
    // state: it is refused like any other callback without one, not answered with a 500.
    const form = await c.req.parseBody().catch(() => ({}));
    return finishLogin(c, provider, callbackParams(form));
  });
