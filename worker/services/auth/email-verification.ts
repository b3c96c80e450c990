import type { Context } from 'hono';
import { markEmailVerified } from '../../db/users';
import type { AppEnv } from '../../env';
import { deliverInBackground } from '../email/deliver';
import type { Mailer } from '../email/mailer';
import { verificationEmail } from '../email/templates';
import { DEFAULT_APP_TITLE } from '../startup-config';
import { clientOrigin, verifyEmailLink } from './links';
import { consumeOneTimeToken, issueOneTimeToken, type TokenTarget } from './one-time-tokens';

/** Registration with email on: the same words whether the account is new or already existed. */
export const CHECK_EMAIL_MESSAGE = 'Please check your email to verify your email address.';
/** `POST /api/user/verify/resend`: never says whether the account exists or is verified. */
export const RESEND_MESSAGE =
  'If an account with that email exists and is not yet verified, a new verification link has been sent to it.';
export const INVALID_VERIFICATION_MESSAGE = 'Invalid or expired email verification token';

/**
 * Sends a fresh verification link to the target account if it exists and is unverified;
 * otherwise does nothing, in the same number of database round trips. The email goes out in
 * the background so the response time does not depend on it either.
 */
export async function sendVerification(c: Context<AppEnv>, mailer: Mailer, target: TokenTarget): Promise<void> {
  const issued = await issueOneTimeToken(c.env.DB, 'verify_email', target, { unverified: true });
  if (!issued) return;
  const message = verificationEmail({
    to: issued.user.email,
    name: issued.user.name,
    appTitle: c.env.APP_TITLE || DEFAULT_APP_TITLE,
    link: verifyEmailLink(clientOrigin(c), issued.token, issued.user.email),
  });
  deliverInBackground(c, mailer, message, 'verify_email');
}

/** Spends a verification token of the account with this email; true when it was valid. */
export async function confirmEmail(d1: D1Database, email: string, token: string): Promise<boolean> {
  const userId = await consumeOneTimeToken(d1, 'verify_email', token, { email });
  if (!userId) return false;
  await markEmailVerified(d1, userId);
  return true;
}
