import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../env';

export const REFRESH_COOKIE = 'refreshToken';
/** The cookie is only sent where it is used: refresh and logout. */
const REFRESH_COOKIE_PATH = '/api/auth';

/** `Secure` everywhere except local development over http (`ENVIRONMENT=development`). */
function isSecure(c: Context<AppEnv>): boolean {
  return c.env.ENVIRONMENT !== 'development';
}

export function setRefreshCookie(c: Context<AppEnv>, refreshToken: string, expiresAt: number): void {
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isSecure(c),
    path: REFRESH_COOKIE_PATH,
    expires: new Date(expiresAt),
  });
}

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    secure: isSecure(c),
    httpOnly: true,
    sameSite: 'Strict',
  });
}
