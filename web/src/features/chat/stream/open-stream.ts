import { refreshAccessToken } from '@/lib/api/refresh-token';
import { getAccessToken } from '@/lib/api/token-store';

/**
 * Opens a chat stream (the send's POST, or the resume GET) with the bearer token. A 401
 * renews the token once and retries once: a 401 means
 * the request was refused before any run started, so repeating it is safe. The renewal is the
 * app's single shared refresh; when it yields no token it has already sent the user to the
 * auth-failure path, and the 401 is returned as it is.
 */
export interface StreamRequest {
  method: 'POST' | 'GET';
  /** The JSON body of a POST. */
  body?: string;
  signal: AbortSignal;
}

function call(path: string, { method, body, signal }: StreamRequest, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'text/event-stream' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(path, { method, headers, body: body ?? null, signal, credentials: 'same-origin', cache: 'no-store' });
}

/** A token newer than the refused one, if another call already renewed it; else a renewal. */
async function tokenAfterUnauthorized(refused: string | null): Promise<string | null> {
  const current = getAccessToken();
  if (current && current !== refused) return current;
  return refreshAccessToken();
}

/** The stream's response (any status); rejects only when the connection itself fails. */
export async function openStream(path: string, request: StreamRequest): Promise<Response> {
  const used = getAccessToken();
  const response = await call(path, request, used);
  if (response.status !== 401) return response;
  const token = await tokenAfterUnauthorized(used);
  if (!token) return response;
  await response.body?.cancel().catch(() => undefined);
  return call(path, request, token);
}
