import type { Context } from 'hono';
import type { AppEnv } from '../../env';

/**
 * Where the web app lives, for links in emails: DOMAIN_CLIENT when set (LibreChat's name),
 * otherwise this request's origin (the SPA and the API share one origin).
 */
export function clientOrigin(c: Context<AppEnv>): string {
  return (c.env.DOMAIN_CLIENT || new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** The `/verify?token&email` page of the web app, where the emailed link lands. */
export function verifyEmailLink(origin: string, token: string, email: string): string {
  return `${origin}/verify?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/** The `/reset-password?token&userId` page of the web app. */
export function resetPasswordLink(origin: string, token: string, userId: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
}
