import type { Context } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import type { AppConfig } from '../config/schema';
import { DEFAULT_TURNSTILE_VERIFY_URL, verifyTurnstileToken } from './turnstile-verify';

/** What the login and registration forms show when the captcha stops a request. */
export const CAPTCHA_MESSAGES = {
  required: 'Complete the captcha to continue.',
  rejected: 'The captcha check failed. Please try again.',
  expired: 'The captcha expired or was already used. Please complete it again.',
  unavailable: 'The captcha could not be checked right now. Please try again in a moment.',
  misconfigured:
    'Sign-in and registration are paused: the captcha is not fully set up on this server. Please tell the administrator.',
} as const;

/**
 * Lets a login or registration through only with a Turnstile token that siteverify accepts, when
 * librechat.yaml configures `turnstile`; without that section it does nothing. Runs before any
 * password work, so a bot without tokens costs no PBKDF2.
 *
 * A site key without TURNSTILE_SECRET_KEY refuses every attempt (and logs why) rather than
 * skipping the check: the operator asked for a captcha, and quietly accepting unchecked logins
 * would hand bots the very door it was meant to close while the page still shows the widget. A
 * visible outage with a log line naming the missing variable is the safer failure.
 */
export async function requireTurnstile(
  c: Context<AppEnv>,
  config: AppConfig,
  token: string | undefined,
): Promise<void> {
  if (!config.turnstile) return;
  const secret = c.env.TURNSTILE_SECRET_KEY?.trim();
  if (!secret) {
    c.var.log.error('turnstile_misconfigured', {
      problem: 'librechat.yaml sets turnstile.siteKey but TURNSTILE_SECRET_KEY is not set',
      effect: 'every login and registration is refused until it is set',
    });
    throw new HttpError(503, CAPTCHA_MESSAGES.misconfigured, ERROR_CODES.serverMisconfigured);
  }
  const response = token?.trim();
  if (!response) throw new HttpError(400, CAPTCHA_MESSAGES.required, ERROR_CODES.captchaRequired);

  const verdict = await verifyTurnstileToken({
    url: c.env.TURNSTILE_VERIFY_URL?.trim() || DEFAULT_TURNSTILE_VERIFY_URL,
    secret,
    token: response,
    remoteIp: c.req.header('cf-connecting-ip'),
    log: c.var.log,
  });
  switch (verdict) {
    case 'passed':
      return;
    case 'rejected':
      throw new HttpError(403, CAPTCHA_MESSAGES.rejected, ERROR_CODES.captchaFailed);
    case 'expired':
      throw new HttpError(403, CAPTCHA_MESSAGES.expired, ERROR_CODES.captchaFailed);
    case 'unavailable':
      throw new HttpError(503, CAPTCHA_MESSAGES.unavailable, ERROR_CODES.captchaUnavailable);
  }
}
