import { Hono, type Context } from 'hono';
import {
  loginBodySchema,
  registerBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  type LoginResponse,
  type RefreshResponse,
} from '../contract/auth';
import { ERROR_CODES } from '../contract/errors';
import { MAX_ID_CHARS } from '../contract/ids';
import { toPublicUser } from '../db/users';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../services/auth/cookies';
import { checkCredentials } from '../services/auth/credentials';
import { CHECK_EMAIL_MESSAGE, sendVerification } from '../services/auth/email-verification';
import { accessTokenFor, completeLogin } from '../services/auth/login';
import {
  INVALID_RESET_TOKEN_MESSAGE,
  RESET_NOT_ALLOWED_MESSAGE,
  isPasswordResetEnabled,
  requestPasswordReset,
  resetPassword,
} from '../services/auth/password-reset';
import {
  DOMAIN_NOT_ALLOWED_MESSAGE,
  EMAIL_IN_USE_MESSAGE,
  REGISTRATION_DISABLED_MESSAGE,
  createLocalAccount,
  isEmailDomainAllowed,
  isRegistrationEnabled,
} from '../services/auth/registration';
import { refreshSession } from '../services/auth/refresh';
import { revokeSessionByToken } from '../services/auth/sessions';
import { signTwoFactorTempToken } from '../services/auth/tokens';
import { requireTurnstile } from '../services/auth/turnstile-check';
import { loadAppConfig } from '../services/config/store';
import { createMailer } from '../services/email/mailer';
import { enabledUnlessFalse, isTrue } from '../services/env-flags';
import { isEmailConfigured } from '../services/startup-config';

export const INVALID_CREDENTIALS_MESSAGE = 'Email or password is incorrect';
export const UNVERIFIED_EMAIL_MESSAGE = 'Email not verified';

/**
 * The conversation a refresh's `messages` parameter names, if it could name one. Anything else
 * (empty, absurdly long) is ignored rather than refused: the parameter only saves the page a
 * request, and the page asks GET /api/messages itself when the answer carries no messages.
 */
function openedConversationId(value: string | undefined): string | undefined {
  return value && value.length <= MAX_ID_CHARS ? value : undefined;
}

/** Answers 401 for a refresh that cannot continue, and drops the dead cookie. */
function refreshRefused(c: Context<AppEnv>) {
  clearRefreshCookie(c);
  return c.json({ message: 'Invalid refresh token', code: ERROR_CODES.invalidRefreshToken }, 401);
}

/**
 * `/api/auth`: password accounts and sessions. Two-factor lives in its own
 * sub-app at `/api/auth/2fa`; social login at `/oauth`. Every body passes its contract schema
 * (which keeps only the listed fields), and every per-IP limit runs before validation. Login and
 * registration pass the configured captcha before any password is hashed.
 */
export const auth = new Hono<AppEnv>()
  .post(
    '/register',
    async (c, next) => {
      if (!isRegistrationEnabled(c.env))
        throw new HttpError(403, REGISTRATION_DISABLED_MESSAGE, 'registration_disabled');
      await next();
    },
    rateLimit('register'),
    validate('json', registerBodySchema),
    async (c) => {
      const body = c.req.valid('json');
      const config = await loadAppConfig(c.env);
      await requireTurnstile(c, config, body.turnstileToken);
      if (!isEmailDomainAllowed(body.email, config.registration.allowedDomains)) {
        throw new HttpError(403, DOMAIN_NOT_ALLOWED_MESSAGE, 'domain_not_allowed');
      }
      const mailer = createMailer(c.env);
      const created = await createLocalAccount(c.env.DB, body, { emailVerified: !mailer });
      if (mailer) {
        // Same answer and the same work for a new and an existing address (no enumeration):
        // a verification link goes to the address if its account is unverified either way.
        await sendVerification(c, mailer, { email: body.email });
        return c.json({ message: CHECK_EMAIL_MESSAGE }, 200);
      }
      // Without email there is nothing to verify, and the new account is signed in at once, so
      // a duplicate cannot be hidden anyway: say so plainly.
      if (!created) throw new HttpError(409, EMAIL_IN_USE_MESSAGE, 'email_in_use');
      return c.json(await completeLogin(c, created), 200);
    },
  )
  .post('/login', rateLimit('login'), validate('json', loginBodySchema), async (c) => {
    if (!enabledUnlessFalse(c.env.ALLOW_EMAIL_LOGIN))
      throw new HttpError(403, 'Email login is not allowed.', 'email_login_disabled');
    const { email, password, turnstileToken } = c.req.valid('json');
    await requireTurnstile(c, await loadAppConfig(c.env), turnstileToken);
    // Unknown email, social-only account and wrong password: one answer, one PBKDF2 each.
    const user = await checkCredentials(c.env.DB, email, password);
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    // Checked only after the password, so it reveals nothing to someone without it.
    if (!user.emailVerified && isEmailConfigured(c.env) && !isTrue(c.env.ALLOW_UNVERIFIED_EMAIL_LOGIN)) {
      throw new HttpError(422, UNVERIFIED_EMAIL_MESSAGE, 'email_not_verified');
    }
    if (user.twoFactorEnabled) {
      const pending: LoginResponse = { twoFAPending: true, tempToken: await signTwoFactorTempToken(c.env, user.id) };
      return c.json(pending, 200);
    }
    return c.json(await completeLogin(c, user), 200);
  })
  // Needs no access token: a user whose access token expired must still be able to sign out.
  .post('/logout', async (c) => {
    const refreshToken = readRefreshCookie(c);
    if (refreshToken) await revokeSessionByToken(c.env, refreshToken);
    clearRefreshCookie(c);
    return c.json({ message: 'Logout successful' }, 200);
  })
  // `?retry=true` marks the client's second attempt; it changes nothing here.
  // `?messages={conversationId}` also answers that conversation's messages, as
  // GET /api/messages/{conversationId} would: the page that opens a conversation asks for both
  // at once (web/src/head/early-requests.js), one round trip and one request instead of two in a row.
  .post('/refresh', async (c) => {
    const refreshToken = readRefreshCookie(c);
    // LibreChat answers a missing cookie with 200 and this text; its client relies on it.
    if (!refreshToken) return c.text('Refresh token not provided', 200);
    const refreshed = await refreshSession(c.env, refreshToken, openedConversationId(c.req.query('messages')));
    if (!refreshed.ok) return refreshRefused(c);
    const { user, messages } = refreshed;
    setRefreshCookie(c, refreshed.refreshToken, refreshed.expiresAt);
    const session: RefreshResponse = { token: await accessTokenFor(c, user), user: toPublicUser(user) };
    return c.json(messages === undefined ? session : { ...session, messages }, 200);
  })
  .post(
    '/requestPasswordReset',
    async (c, next) => {
      if (!isPasswordResetEnabled(c.env))
        throw new HttpError(403, RESET_NOT_ALLOWED_MESSAGE, 'password_reset_disabled');
      await next();
    },
    rateLimit('resetPassword'),
    validate('json', requestPasswordResetBodySchema),
    async (c) => c.json(await requestPasswordReset(c, createMailer(c.env), c.req.valid('json').email), 200),
  )
  .post('/resetPassword', validate('json', resetPasswordBodySchema), async (c) => {
    if (!isPasswordResetEnabled(c.env)) throw new HttpError(403, RESET_NOT_ALLOWED_MESSAGE, 'password_reset_disabled');
    const { userId, token, password } = c.req.valid('json');
    if (!(await resetPassword(c.env, { userId, token, password }))) {
      throw new HttpError(400, INVALID_RESET_TOKEN_MESSAGE, 'invalid_reset_token');
    }
    return c.json({ message: 'Password reset was successful' }, 200);
  });
