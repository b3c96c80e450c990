import type { PublicUser } from '@contract/auth';
import { notifyAuthFailure } from './auth-failure';
import { takeEarlySession } from './early-requests';
import { setAccessToken } from './token-store';

export const REFRESH_PATH = '/api/auth/refresh';

/** What a refresh yields: the new access token and, when the server sent it, the user. */
export interface RefreshedSession {
  token: string;
  user: PublicUser | null;
}

/** `{token, user}` when the body has a token; anything else is null. */
function sessionFrom(body: unknown): RefreshedSession | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  if (typeof body.token !== 'string' || body.token === '') return null;
  const user = 'user' in body && typeof body.user === 'object' && body.user !== null ? body.user : null;
  // The user's fields come from worker/contract; the server is the one validating them.
  return { token: body.token, user: user as PublicUser | null };
}

/** The body as JSON, or null when it is not (the plain-text answer when there is no cookie). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function fetchSession(): Promise<RefreshedSession | null> {
  // The refreshToken cookie is SameSite=Strict on this origin; no Authorization header.
  const response = await fetch(REFRESH_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  // No cookie answers 200 with a plain-text body; an invalid or expired one 401/403.
  return response.ok ? sessionFrom(parseBody(await response.text())) : null;
}

async function refresh(): Promise<RefreshedSession | null> {
  try {
    // The first refresh of a page load is usually already answered (early-requests.ts).
    const early = takeEarlySession();
    const session = early ? sessionFrom(await early) : await fetchSession();
    setAccessToken(session?.token ?? null);
    return session;
  } catch {
    // A network failure leaves the session as unusable as a refused refresh.
    setAccessToken(null);
    return null;
  }
}

let inFlight: Promise<RefreshedSession | null> | null = null;

/**
 * One refresh request at a time: the refresh token rotates, so a second parallel refresh would
 * present an already-used token and revoke the session.
 */
function refreshOnce(): Promise<RefreshedSession | null> {
  inFlight ??= refresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * The silent refresh on app load: restores the session from the cookie, or resolves to null
 * when there is none. Never notifies the auth-failure handler (having no session is normal).
 */
export function restoreSession(): Promise<RefreshedSession | null> {
  return refreshOnce();
}

let renewing: Promise<string | null> | null = null;

/**
 * Renews the access token after a 401. Concurrent callers share one request. Resolves to the
 * new token, or null after notifying the registered auth-failure handler once.
 */
export function refreshAccessToken(): Promise<string | null> {
  renewing ??= refreshOnce()
    .then((session) => {
      if (!session) notifyAuthFailure();
      return session?.token ?? null;
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}
