import { z } from 'zod';
import { errorMessage, type Logger } from '../../logging/logger';

/** Cloudflare's endpoint that checks a Turnstile token; TURNSTILE_VERIFY_URL replaces it (tests, a proxy). */
export const DEFAULT_TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * How long a login or registration waits for siteverify. It normally answers in tens of
 * milliseconds; past a few seconds the person at the form is better told to try again than left
 * watching a spinner, and the request does not hold the Worker for the platform's full limit.
 */
export const TURNSTILE_VERIFY_TIMEOUT_MS = 5_000;

/**
 * What siteverify said about a token:
 * - `passed`: a real, fresh token for this site key;
 * - `rejected`: not a valid token (forged, for another site, malformed);
 * - `expired`: valid once, but older than five minutes or already used (tokens are single-use);
 * - `unavailable`: no usable answer (network error, timeout, an error status, a body it cannot
 *   read, or a secret siteverify refuses), so nothing is known about the token.
 */
export type TurnstileVerdict = 'passed' | 'rejected' | 'expired' | 'unavailable';

/** The part of siteverify's JSON answer that decides; other fields (hostname, action…) are ignored. */
const siteverifyAnswerSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/** Error codes that mean the operator's secret is wrong, not the visitor's token. */
const SECRET_PROBLEMS = new Set(['missing-input-secret', 'invalid-input-secret']);

export interface TurnstileVerification {
  url: string;
  secret: string;
  token: string;
  /** The visitor's IP (CF-Connecting-IP): siteverify compares it with the one that solved the challenge. */
  remoteIp?: string | undefined;
  timeoutMs?: number;
  log: Logger;
}

function verdictOf(errorCodes: readonly string[], log: Logger): TurnstileVerdict {
  if (errorCodes.some((code) => SECRET_PROBLEMS.has(code))) {
    log.error('turnstile_secret_rejected', { errorCodes, fix: 'check TURNSTILE_SECRET_KEY against the site key' });
    return 'unavailable';
  }
  if (errorCodes.includes('internal-error')) {
    log.warn('turnstile_unreachable', { reason: 'internal_error', errorCodes });
    return 'unavailable';
  }
  if (errorCodes.includes('timeout-or-duplicate')) return 'expired';
  return 'rejected';
}

/**
 * Asks siteverify about one token: a form-encoded POST of `secret`, `response` and `remoteip`.
 * Never throws and never passes the provider's text on: every failure is a verdict, logged.
 */
export async function verifyTurnstileToken(check: TurnstileVerification): Promise<TurnstileVerdict> {
  const form = new URLSearchParams({ secret: check.secret, response: check.token });
  if (check.remoteIp) form.set('remoteip', check.remoteIp);
  let response: Response;
  try {
    response = await fetch(check.url, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(check.timeoutMs ?? TURNSTILE_VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    check.log.warn('turnstile_unreachable', { reason: timedOut ? 'timeout' : 'network', error: errorMessage(error) });
    return 'unavailable';
  }
  if (!response.ok) {
    await response.body?.cancel();
    check.log.warn('turnstile_unreachable', { reason: 'status', status: response.status });
    return 'unavailable';
  }
  const parsed = siteverifyAnswerSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    check.log.warn('turnstile_unreachable', { reason: 'unreadable_answer' });
    return 'unavailable';
  }
  if (parsed.data.success) return 'passed';
  const errorCodes = parsed.data['error-codes'] ?? [];
  const verdict = verdictOf(errorCodes, check.log);
  if (verdict !== 'unavailable') check.log.info('turnstile_refused', { verdict, errorCodes });
  return verdict;
}
