import type { Context } from 'hono';
import type { SocialProvider } from '../../contract/config';
import type { AppEnv } from '../../env';
import { logError } from '../../middleware/logging';
import { completeLogin } from '../auth/login';
import { signTwoFactorTempToken } from '../auth/tokens';
import { loadAppConfig } from '../config/store';
import { ipSubject } from '../rate-limit/client-ip';
import { checkLimit } from '../rate-limit/limiter';
import { isTrue } from '../env-flags';
import { isSocialProviderConfigured, listedSocialProviders } from '../social-logins';
import { findOrCreateSocialUser } from './accounts';
import { OAUTH_ERRORS, OAuthError, type OAuthErrorCode } from './errors';
import { clearFlowCookie, newFlow, readFlowCookie, setFlowCookie, stateMatches } from './flow-cookie';
import { authorizationUrl, exchangeCode } from './protocol';
import { providerClient } from './providers';

/**
 * The two halves of a social login. Every redirect goes to a URL of our own (the client or
 * server domain, or the request's origin) or to the provider's configured authorization
 * endpoint; nothing taken from the request decides where the browser goes.
 */

/** What the provider sent back, from the query (GET) or the form (Apple's POST). */
export interface CallbackParams {
  state?: string;
  code?: string;
  error?: string;
  /** Apple's first-login name, as JSON. */
  user?: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function serverBase(c: Context<AppEnv>): string {
  return withoutTrailingSlash(c.env.DOMAIN_SERVER || new URL(c.req.url).origin);
}

function clientBase(c: Context<AppEnv>): string {
  return withoutTrailingSlash(c.env.DOMAIN_CLIENT || new URL(c.req.url).origin);
}

export function callbackUrl(c: Context<AppEnv>, provider: SocialProvider): string {
  return `${serverBase(c)}/oauth/${provider}/callback`;
}

/**
 * Whether `/oauth/{provider}` is offered: social login switched on, the provider's
 * credentials present, and the provider listed in the config's registration.socialLogins.
 */
export async function isProviderEnabled(c: Context<AppEnv>, provider: SocialProvider): Promise<boolean> {
  if (!isTrue(c.env.ALLOW_SOCIAL_LOGIN) || !isSocialProviderConfigured(provider, c.env)) return false;
  const config = await loadAppConfig(c.env);
  return listedSocialProviders(config.registration.socialLogins).includes(provider);
}

/** The browser goes back to the login page with an error code, and nothing else. */
function refuse(c: Context<AppEnv>, code: OAuthErrorCode): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${clientBase(c)}/login?error=${code}`, 302);
}

function logRefusal(c: Context<AppEnv>, provider: SocialProvider, error: unknown): OAuthErrorCode {
  if (error instanceof OAuthError) {
    c.var.log.warn('oauth_refused', { provider, code: error.code, detail: error.message });
    return error.code;
  }
  logError(c.var.log, error);
  return OAUTH_ERRORS.failed;
}

/** GET /oauth/{provider}: a new flow bound to this browser, then off to the provider. */
export async function startLogin(c: Context<AppEnv>, provider: SocialProvider): Promise<Response> {
  let location: string;
  try {
    const client = await providerClient(provider, c.env);
    const flow = newFlow(provider);
    location = await authorizationUrl(client, flow, callbackUrl(c, provider));
    await setFlowCookie(c, flow);
  } catch (error) {
    return refuse(c, logRefusal(c, provider, error));
  }
  c.header('Cache-Control', 'no-store');
  return c.redirect(location, 302);
}

/** GET (or Apple's POST) /oauth/{provider}/callback. */
export async function finishLogin(
  c: Context<AppEnv>,
  provider: SocialProvider,
  params: CallbackParams,
): Promise<Response> {
  // A callback is a sign-in: it counts against the login limit, refused ones included.
  const limit = await checkLimit(c.env, 'login', ipSubject(c.req.header('cf-connecting-ip')));
  if (limit.outcome !== 'allowed')
    return refuse(c, limit.outcome === 'banned' ? OAUTH_ERRORS.banned : OAUTH_ERRORS.rateLimited);
  const flow = await readFlowCookie(c, provider);
  // Single use, whatever happens next.
  clearFlowCookie(c, provider);
  // The code never reaches another page's Referer.
  c.header('Referrer-Policy', 'no-referrer');
  if (!stateMatches(flow, params.state)) return refuse(c, OAUTH_ERRORS.state);
  if (params.error !== undefined)
    return refuse(
      c,
      logRefusal(c, provider, new OAuthError(OAUTH_ERRORS.denied, `${provider}: ${params.error.slice(0, 100)}`)),
    );
  if (!params.code) return refuse(c, OAUTH_ERRORS.failed);

  try {
    const client = await providerClient(provider, c.env);
    const redirectUri = callbackUrl(c, provider);
    const tokens = await exchangeCode(client, flow, params.code, redirectUri);
    const profile = await client.profile(tokens, {
      clientId: client.clientId,
      nonce: flow.nonce,
      ...(params.user === undefined ? {} : { appleUser: params.user }),
    });
    const config = await loadAppConfig(c.env);
    const user = await findOrCreateSocialUser(c.env, config.registration, provider, profile);
    c.header('Cache-Control', 'no-store');
    if (user.twoFactorEnabled) {
      // A provider proves the first factor only; the account's 2FA still applies.
      const tempToken = await signTwoFactorTempToken(c.env, user.id);
      return c.redirect(`${clientBase(c)}/login/2fa?tempToken=${encodeURIComponent(tempToken)}`, 302);
    }
    // Sets the refresh cookie; the SPA's silent refresh on /c/new turns it into an access
    // token, so no access token ever travels in a URL.
    await completeLogin(c, user);
    return c.redirect(`${clientBase(c)}/c/new`, 302);
  } catch (error) {
    return refuse(c, logRefusal(c, provider, error));
  }
}
