import type { Context } from 'hono';
import type { RequestPasswordResetResponse } from '../../contract/auth';
import { replacePasswordAndRevokeSessions } from '../../db/users';
import type { AppEnv, EnvVars } from '../../env';
import { deliverInBackground } from '../email/deliver';
import type { Mailer } from '../email/mailer';
import { passwordResetEmail } from '../email/templates';
import { isTrue } from '../env-flags';
import { DEFAULT_APP_TITLE, isEmailConfigured } from '../startup-config';
import { clientOrigin, resetPasswordLink } from './links';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './passwords';

export const RESET_REQUESTED_MESSAGE =
  'If an account with that email exists, a password reset link has been sent to it.';
export const INVALID_RESET_TOKEN_MESSAGE = 'Invalid or expired password reset token';
export const RESET_NOT_ALLOWED_MESSAGE = 'Password reset is not allowed.';

/**
 * Whether "forgot password" is offered: by email when email is configured, otherwise only when
 * the operator opts in with ALLOW_PASSWORD_RESET. Kept equal to `passwordResetEnabled` of
 * GET /api/config (buildStartupConfig) — a test checks the two agree.
 */
export function isPasswordResetEnabled(env: EnvVars): boolean {
  return isEmailConfigured(env) || isTrue(env.ALLOW_PASSWORD_RESET);
}

export type ResetRequestAnswer = RequestPasswordResetResponse;

/**
 * `POST /api/auth/requestPasswordReset`. Issues a 15-minute reset token for an account with a
 * password (social-only accounts have none to reset). The lookup, the token and the answer are
 * the same work whether or not the email has an account; the email is sent in the background.
 *
 * Without email, LibreChat answers with the link itself, and so does this route (the response
 * may hold `link`). The trade-off is stark: anyone who knows an address can then reset that
 * account's password. It only happens when the operator sets ALLOW_PASSWORD_RESET=true without
 * configuring email — meant for private, single-user or trusted instances; otherwise the route
 * refuses (see isPasswordResetEnabled) and the startup config hides the link.
 */
export async function requestPasswordReset(
  c: Context<AppEnv>,
  mailer: Mailer | undefined,
  email: string,
): Promise<ResetRequestAnswer> {
  const issued = await issueOneTimeToken(c.env.DB, 'reset_password', { email }, { hasPassword: true });
  if (!issued) return { message: RESET_REQUESTED_MESSAGE };
  const link = resetPasswordLink(clientOrigin(c), issued.token, issued.user.id);
  if (!mailer) return { link };
  const message = passwordResetEmail({
    to: issued.user.email,
    name: issued.user.name,
    appTitle: c.env.APP_TITLE || DEFAULT_APP_TITLE,
    link,
  });
  deliverInBackground(c, mailer, message, 'reset_password');
  return { message: RESET_REQUESTED_MESSAGE };
}

/**
 * `POST /api/auth/resetPassword`: spends the token (single use, bound to `userId`), sets the
 * new password and signs out every session. False when the token is not valid for that user.
 */
export async function resetPassword(
  env: EnvVars & { DB: D1Database },
  input: { userId: string; token: string; password: string },
): Promise<boolean> {
  // The token is checked before the (costly) hash, so invalid tokens cost no PBKDF2 work.
  const userId = await consumeOneTimeToken(env.DB, 'reset_password', input.token, { userId: input.userId });
  if (!userId) return false;
  const passwordHash = await hashPassword(input.password);
  // A link that arrived by email proves the address belongs to the user.
  await replacePasswordAndRevokeSessions(env.DB, userId, passwordHash, { markVerified: isEmailConfigured(env) });
  return true;
}
