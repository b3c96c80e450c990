import { OAUTH_ERRORS, OAuthError } from './errors';

/**
 * Server-to-provider requests (discovery, keys, token, profile). They only ever go to URLs
 * from the provider definitions or the configured issuer's discovery document, and:
 * - redirects are not followed, so a provider (or anyone upstream) cannot bounce the request,
 *   with our client secret or the user's access token, somewhere else;
 * - a slow provider cannot hold the request for long, nor a huge answer exhaust memory.
 */
const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;
/** Enough of a provider's error text to diagnose, not enough to flood the log. */
const MAX_ERROR_DETAIL = 200;

async function readLimited(response: Response): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function providerErrorText(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const parts = [record.error, record.error_description, record.message].filter((part) => typeof part === 'string');
  return parts.join(': ').slice(0, MAX_ERROR_DETAIL);
}

/** GET or POST to a provider; the parsed JSON of a 2xx answer, else an OAuthError. */
export async function fetchProviderJson(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthError(
      OAUTH_ERRORS.failed,
      `${what}: request failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const text = await readLimited(response);
  if (text === undefined)
    throw new OAuthError(OAUTH_ERRORS.failed, `${what}: answer larger than ${MAX_RESPONSE_BYTES} bytes`);
  let body: unknown = null;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // Reported below: a 2xx answer must be JSON, an error answer may be anything.
  }
  if (response.status < 200 || response.status >= 300) {
    throw new OAuthError(OAUTH_ERRORS.failed, `${what}: HTTP ${response.status} ${providerErrorText(body)}`.trim());
  }
  if (body === null) throw new OAuthError(OAUTH_ERRORS.failed, `${what}: the answer is not JSON`);
  return body;
}

/** The record of a JSON object answer, or an OAuthError naming what was expected. */
export function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OAuthError(OAUTH_ERRORS.failed, `${what}: expected a JSON object`);
  }
  return value as Record<string, unknown>;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
