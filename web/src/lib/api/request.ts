import { toApiError } from './api-error';
import { REFRESH_PATH, refreshAccessToken } from './refresh-token';
import { getAccessToken } from './token-store';

export type RequestOptions = Omit<RequestInit, 'body'> & {
  /** Sent as a JSON body with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body (FormData for uploads); ignored when `json` is given. */
  body?: BodyInit | null;
};

/**
 * Paths whose 401 must not trigger a refresh: the 2FA and logout calls (a 401 there is the
 * answer itself), and the login and refresh calls themselves (a refresh could only loop).
 */
const NEVER_REFRESHED = ['/api/auth/2fa', '/api/auth/logout', '/api/auth/login', REFRESH_PATH];
const mayRefresh = (path: string) => !NEVER_REFRESHED.some((prefix) => path.includes(prefix));

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const { json, body, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload = body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(json);
  }
  return fetch(path, { credentials: 'same-origin', ...init, headers, body: payload });
}

/** The token to retry with after a 401: a newer one if another call already refreshed it. */
async function tokenAfterUnauthorized(usedToken: string | null): Promise<string | null> {
  const current = getAccessToken();
  if (current && current !== usedToken) return current;
  return refreshAccessToken();
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  // The API's response types come from worker/contract; the server is the one validating them.
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

/**
 * Calls the API. Attaches the bearer token, renews it once on a 401 and retries, and throws
 * ApiError for any non-2xx answer.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const usedToken = getAccessToken();
  let response = await send(path, options, usedToken);
  if (response.status === 401 && mayRefresh(path)) {
    const token = await tokenAfterUnauthorized(usedToken);
    if (token) response = await send(path, options, token);
  }
  if (!response.ok) throw await toApiError(response);
  return readBody<T>(response);
}
