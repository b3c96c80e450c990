import { Hono } from 'hono';
import { resendVerificationBodySchema, verifyEmailBodySchema } from '../contract/auth';
import { setTermsAccepted, toPublicUser } from '../db/users';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { deleteAccount } from '../services/auth/account-deletion';
import { clearRefreshCookie } from '../services/auth/cookies';
import {
  INVALID_VERIFICATION_MESSAGE,
  RESEND_MESSAGE,
  confirmEmail,
  sendVerification,
} from '../services/auth/email-verification';
import { createMailer } from '../services/email/mailer';

/**
 * `/api/user`: the signed-in account (read, terms, deletion) and email verification, which is
 * public because the user follows the emailed link before being able to sign in.
 */
export const user = new Hono<AppEnv>()
  .get('/', requireAuth, (c) => c.json(toPublicUser(currentUser(c)), 200))
  .delete('/delete', requireAuth, async (c) => {
    await deleteAccount(c.env, currentUser(c).id);
    clearRefreshCookie(c);
    return c.json({ message: 'User deleted' }, 200);
  })
  .get('/terms', requireAuth, (c) => c.json({ termsAccepted: currentUser(c).termsAccepted }, 200))
  .post('/terms/accept', requireAuth, async (c) => {
    await setTermsAccepted(c.env.DB, currentUser(c).id);
    return c.json({ message: 'Terms accepted' }, 200);
  })
  .post('/verify', validate('json', verifyEmailBodySchema), async (c) => {
    const { email, token } = c.req.valid('json');
    if (!(await confirmEmail(c.env.DB, email, token))) {
      throw new HttpError(400, INVALID_VERIFICATION_MESSAGE, 'invalid_verification_token');
    }
    return c.json({ message: 'Email verified' }, 200);
  })
  .post('/verify/resend', rateLimit('verifyEmail'), validate('json', resendVerificationBodySchema), async (c) => {
    const mailer = createMailer(c.env);
    // Without email, accounts are verified when created: there is nothing to resend.
    if (!mailer) throw new HttpError(400, 'Email verification is not enabled.', 'email_not_configured');
    await sendVerification(c, mailer, { email: c.req.valid('json').email });
    return c.json({ message: RESEND_MESSAGE }, 200);
  });
