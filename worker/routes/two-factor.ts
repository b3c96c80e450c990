import { Hono, type MiddlewareHandler } from 'hono';
import {
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
  twoFactorProofSchema,
  verifyTempBodySchema,
} from '../contract/auth';
import { findUserById } from '../db/users';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { completeLogin } from '../services/auth/login';
import { verifyTwoFactorTempToken } from '../services/auth/tokens';
import {
  INVALID_CODE,
  beginSetup,
  confirmSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  verifyProof,
} from '../services/two-factor/setup';

/** Two-factor and backup codes exist only for email-and-password accounts (provider `local`). */
const localAccountsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (currentUser(c).provider !== 'local') {
    throw new HttpError(400, 'Two-factor authentication is only available for email and password accounts');
  }
  await next();
};

const signedIn = [requireAuth, localAccountsOnly] as const;

/**
 * `/api/auth/2fa`. Re-enabling while 2FA is on is refused (400): the way to a new
 * authenticator is `POST /disable` with a current code, then `GET /enable` again — so every
 * path that replaces the secret or the codes passes through a code check.
 */
export const twoFactor = new Hono<AppEnv>()
  // LibreChat starts the setup with a GET; it is not idempotent (new secret each time), but
  // it needs a bearer token, so a cross-site request cannot trigger it.
  .get('/enable', ...signedIn, async (c) => c.json(await beginSetup(c.env, currentUser(c))))
  .post('/confirm', ...signedIn, validate('json', confirmTwoFactorBodySchema), async (c) => {
    await confirmSetup(c.env, currentUser(c), c.req.valid('json').token);
    return c.json({ message: 'Two-factor authentication enabled' });
  })
  .post('/verify', ...signedIn, validate('json', twoFactorProofSchema), async (c) => {
    if (!(await verifyProof(c.env, currentUser(c), c.req.valid('json')))) throw new HttpError(400, INVALID_CODE);
    return c.json({ message: '2FA token verified' });
  })
  .post('/disable', ...signedIn, validate('json', disableTwoFactorBodySchema), async (c) => {
    await disableTwoFactor(c.env, currentUser(c), c.req.valid('json'));
    return c.json({ message: 'Two-factor authentication disabled' });
  })
  .post('/backup/regenerate', ...signedIn, validate('json', twoFactorProofSchema), async (c) =>
    c.json(await regenerateBackupCodes(c.env, currentUser(c), c.req.valid('json'))),
  )
  // The second step of a 2FA login: no access token yet, only the 5-minute temp token.
  .post('/verify-temp', validate('json', verifyTempBodySchema), async (c) => {
    const { tempToken, token, backupCode } = c.req.valid('json');
    const userId = await verifyTwoFactorTempToken(c.env, tempToken);
    const user = userId ? await findUserById(c.env.DB, userId) : undefined;
    if (!user || !user.twoFactorEnabled)
      throw new HttpError(401, 'Invalid or expired temporary token', 'invalid_temp_token');
    if (!(await verifyProof(c.env, user, { token, backupCode }))) throw new HttpError(401, INVALID_CODE);
    return c.json(await completeLogin(c, user));
  });
