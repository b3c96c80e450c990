import { notifyAuthFailure } from './auth-failure';
import { setAccessToken } from './token-store';

export const REFRESH_PATH = '/api/auth/refresh';

let inFlight: Promise<string | null> | null = null;

function readToken(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  return typeof body.token === 'string' && body.token !== '' ? body.token : null;
}

async function refresh(): Promise<string | null> {
  try {
    // The refreshToken cookie is SameSite=Strict on this origin; no Authorization header.
    const response = await fetch(REFRESH_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.ok) {
      const token = readToken(await response.json());
      if (token) {
        setAccessToken(token);
        return token;
      }
    }
  } catch {
    // A network failure leaves the session as unusable as a refused refresh.
  }
  setAccessToken(null);
  notifyAuthFailure();
  return null;
}

/**
 * Renews the access token. Concurrent callers share one request (the refresh token rotates, so
 * a second parallel refresh would present an already-used token and revoke the session).
 * Resolves to the new token, or null after notifying the registered auth-failure handler once.
 */
export function refreshAccessToken(): Promise<string | null> {
  inFlight ??= refresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
