/**
 * The short-lived access token, kept in memory only (never in storage, so a script injected
 * into the page cannot lift it from there). The refresh token is an httpOnly cookie the
 * browser sends to POST /api/auth/refresh by itself.
 */
let accessToken: string | null = null;

export const getAccessToken = (): string | null => accessToken;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}
