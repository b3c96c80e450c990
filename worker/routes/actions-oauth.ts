/**
 * Signing in to OAuth actions.
 *
 * - `GET /api/actions/{action_id}/oauth/callback`: where the identity provider sends the browser
 *   back. Public on purpose (a navigation from another site carries no bearer token), so it binds
 *   nothing to anyone: it records the code on the pending flow of its state, sets a nonce cookie
 *   in this browser, and redirects (303) to the app's page, which says nothing about whose flow
 *   it was. Unknown, used or expired states land on the same page with a plain error.
 * - `POST /api/actions/oauth/confirm`: the app's page, signed in, turns the flow into tokens for
 *   the caller, only when the flow is theirs and the nonce cookie is this browser's.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { OAUTH_FLOW_TTL_S, sha256Url } from '../agent-tools/actions/oauth';
import { actionIdSchema } from '../contract/agent-actions';
import { actionSignInConfirmBodySchema, type ActionSignInConfirmResponse } from '../contract/action-sign-in';
import { ACTION_SIGN_IN_PAGE } from '../contract/action-sign-in-paths';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { recordActionSignIn } from '../services/agents/actions/oauth-callback';
import { confirmActionSignIn } from '../services/agents/actions/oauth-confirm';

const COOKIE_PATH = '/api/actions/oauth';

/** One cookie per flow, so two sign-ins under way in one browser do not overwrite each other. */
const nonceCookieName = (stateHash: string) => `action_oauth_${stateHash.slice(0, 16)}`;

/** Lax: sent on the page's same-origin POST, never on another site's. */
const cookieOptions = (c: Context<AppEnv>) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  secure: c.env.ENVIRONMENT !== 'development',
  sameSite: 'Lax' as const,
});

function toPage(c: Context<AppEnv>, query: Record<string, string>): Response {
  c.header('cache-control', 'no-store');
  // The code is in this request's address: it goes no further than our own page.
  c.header('referrer-policy', 'no-referrer');
  return c.redirect(`${ACTION_SIGN_IN_PAGE}?${new URLSearchParams(query).toString()}`, 303);
}

export const actionsOAuth = new Hono<AppEnv>()
  .get('/:action_id/oauth/callback', async (c) => {
    const actionId = actionIdSchema.safeParse(c.req.param('action_id'));
    if (!actionId.success) return toPage(c, { error: 'invalid' });
    const state = c.req.query('state');
    const outcome = await recordActionSignIn(c.env, actionId.data, {
      state,
      code: c.req.query('code'),
      error: c.req.query('error'),
    });
    if (outcome.kind !== 'received' || !state)
      return toPage(c, { error: outcome.kind === 'refused' ? 'refused' : 'invalid' });
    setCookie(c, nonceCookieName(outcome.stateHash), outcome.nonce, { ...cookieOptions(c), maxAge: OAUTH_FLOW_TTL_S });
    return toPage(c, { state });
  })
  .post('/oauth/confirm', requireAuth, validate('json', actionSignInConfirmBodySchema), async (c) => {
    const { state } = c.req.valid('json');
    const cookie = nonceCookieName(await sha256Url(state));
    const answer = await confirmActionSignIn(c.env, currentUser(c).id, state, getCookie(c, cookie));
    deleteCookie(c, cookie, cookieOptions(c));
    return c.json<ActionSignInConfirmResponse>(answer);
  });
