/**
 * `GET /api/actions/{action_id}/oauth/callback`: where an identity provider sends the browser
 * back after the user signed in to an action. Public on purpose: it is a top-level navigation
 * from another site, which carries no bearer token; the flow's state alone binds it to the user
 * and the action (single use, stored hashed, short-lived). It answers a small page: the user
 * goes back to the chat tab, where the waiting call goes on.
 */
import { Hono } from 'hono';
import { actionIdSchema } from '../contract/agent-actions';
import type { AppEnv } from '../env';
import { completeActionSignIn, SIGN_IN_MESSAGES } from '../services/agents/actions/oauth-callback';
import { escapeHtml } from '../services/share/html';

function page(title: string, message: string, status: number): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page is static: no script, no frame around it, no referrer carrying the code onwards.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
  });
}

export const actionsOAuth = new Hono<AppEnv>().get('/:action_id/oauth/callback', async (c) => {
  const actionId = actionIdSchema.safeParse(c.req.param('action_id'));
  if (!actionId.success) return page('Sign-in failed', SIGN_IN_MESSAGES.invalid, 400);
  const outcome = await completeActionSignIn(c.env, actionId.data, {
    state: c.req.query('state'),
    code: c.req.query('code'),
    error: c.req.query('error'),
  });
  if (!outcome.ok) return page('Sign-in failed', outcome.message, outcome.status);
  return page('Signed in', 'You are signed in. You may close this tab and return to the chat.', 200);
});
