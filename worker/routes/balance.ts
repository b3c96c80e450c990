import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { readBalance } from '../db/balances';
import { loadAppConfig } from '../services/config/store';

/**
 * `GET /api/balance`: the user's token credits as a plain number string (LibreChat's wire
 * format). When the config's balance is disabled there is no balance to show: 404
 * `{message: 'Balance is not enabled'}` (the SPA only asks when `/api/config` says enabled).
 */
export const balance = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const settings = (await loadAppConfig(c.env)).balance;
  if (!settings.enabled) throw new HttpError(404, 'Balance is not enabled', 'not_found');
  const credits = await readBalance(c.env, currentUser(c).id, settings);
  return c.text(String(credits));
});
