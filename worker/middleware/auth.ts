import type { Context, MiddlewareHandler } from 'hono';
import { decodeRow } from '../db/raw-batch';
import { users } from '../db/schema';
import { findUserById, userStatement, type UserRow } from '../db/users';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { verifyAccessToken } from '../services/auth/tokens';

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Routes behind it get `c.get('user')`: the account of a valid access token, read from D1 on
 * every request so a deleted account or a changed role takes effect at once. 401 otherwise.
 */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  const claims = token ? await verifyAccessToken(c.env, token) : null;
  const user = claims ? await findUserById(c.env.DB, claims.id) : undefined;
  if (!user) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  c.set('user', user);
  await next();
};

/**
 * Only the access token: for a route that reads the account itself together with its other
 * reads (the send path, where every round trip delays the first token). The route must 401
 * when the account is gone; `tokenUserId(c)` gives the id.
 */
export const requireToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  const claims = token ? await verifyAccessToken(c.env, token) : null;
  if (!claims) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  c.set('tokenUserId', claims.id);
  await next();
};

/**
 * A read behind requireToken with the account in the same D1 batch (the account first): the
 * request waits for one round trip to the database instead of requireAuth's read and then its
 * own, two waits in a row for a visitor far from D1's primary. 401 when the account is gone,
 * as requireAuth; `currentUser(c)` works afterwards. Answers the results of `statements`,
 * which must only read: they run before the account is known to exist.
 */
export async function readWithAccount(
  c: Context<AppEnv>,
  statements: D1PreparedStatement[],
): Promise<D1Result<Record<string, unknown>>[]> {
  const [account, ...results] = await c.env.DB.batch<Record<string, unknown>>([
    userStatement(c.env.DB, tokenUserId(c)),
    ...statements,
  ]);
  const row = account?.results[0];
  if (!row) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  c.set('user', decodeRow(users, row));
  return results;
}

/** The token's account id in a handler behind requireToken. */
export function tokenUserId(c: Context<AppEnv>): string {
  const id = c.get('tokenUserId');
  if (!id) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  return id;
}

/** Like requireAuth, but lets anonymous requests through (public routes that show more to members). */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  const claims = token ? await verifyAccessToken(c.env, token) : null;
  const user = claims ? await findUserById(c.env.DB, claims.id) : undefined;
  if (user) c.set('user', user);
  await next();
};

/** 403 unless the signed-in user is an admin. Mount after requireAuth. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('user')?.role !== 'ADMIN') throw new HttpError(403, 'Forbidden', 'forbidden');
  await next();
};

/** The signed-in user in a handler behind requireAuth (401 if the middleware was forgotten). */
export function currentUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  return user;
}
