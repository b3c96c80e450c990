import { Hono } from 'hono';
import { resendVerificationBodySchema, verifyEmailBodySchema } from '../contract/auth';
import { isBuiltinTool } from '../agent-tools/builtins/manifest';
import { userPluginBodySchema } from '../contract/user-plugins';
import { setTermsAccepted, toPublicUser } from '../db/users';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { installUserTool, uninstallUserTool } from '../services/agents/tools/user-tools';
import { findBuiltinPlugin } from '../services/agents/tools/plugins';
import { deleteAccount } from '../services/auth/account-deletion';
import { clearRefreshCookie } from '../services/auth/cookies';
import { loadAppConfig } from '../services/config/store';
import { credsKeyBytes } from '../services/crypto/creds-key';
import {
  INVALID_VERIFICATION_MESSAGE,
  RESEND_MESSAGE,
  confirmEmail,
  sendVerification,
} from '../services/auth/email-verification';
import { createMailer } from '../services/email/mailer';

/**
 * `/api/user`: the signed-in account (read, terms, deletion) and email verification, which is
 * public because the user follows the emailed link before being able to sign in; and the user's
 * own tool credentials (`/plugins`).
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
  .post('/plugins', requireAuth, validate('json', userPluginBodySchema), async (c) => {
    const { pluginKey, action, auth, isEntityTool } = c.req.valid('json');
    // Refuse before writing anything rather than store a credential in clear or half a tool.
    credsKeyBytes(c.env);
    const userId = currentUser(c).id;
    const entity = isEntityTool === true;
    if (action === 'uninstall') {
      // A tool the config no longer offers can still be uninstalled: its values are forgotten.
      if (!isBuiltinTool(pluginKey)) throw new HttpError(404, 'Tool not found', 'not_found');
      await uninstallUserTool(c.env, userId, pluginKey, { isEntityTool: entity });
    } else {
      const plugin = findBuiltinPlugin(pluginKey, await loadAppConfig(c.env));
      if (!plugin) throw new HttpError(404, 'Tool not found', 'not_found');
      await installUserTool(c.env, userId, plugin, { auth: auth ?? {}, isEntityTool: entity });
    }
    // LibreChat answers a bare 200.
    return c.body(null, 200);
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
