import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logging/logger';
import { consoleLines } from '../../test/console-lines';
import { GOOD_TOKEN, STAND_IN_VERIFY_URL, standInSiteverify } from '../../test/turnstile-stand-in';
import { verifyTurnstileToken } from './turnstile-verify';

afterEach(() => {
  vi.restoreAllMocks();
});

const check = (timeoutMs?: number) =>
  verifyTurnstileToken({
    url: STAND_IN_VERIFY_URL,
    secret: 's',
    token: GOOD_TOKEN,
    log: createLogger({ requestId: 'r1' }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

describe('verifyTurnstileToken', () => {
  it('gives up on a siteverify that never answers once the timeout passes', async () => {
    standInSiteverify('never');
    let verdict: string | undefined;
    const lines = await consoleLines(async () => {
      verdict = await check(50);
    });
    expect(verdict).toBe('unavailable');
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'turnstile_unreachable', reason: 'timeout', requestId: 'r1' }),
    );
  });

  it('leaves out remoteip when the request had no client address', async () => {
    const siteverify = standInSiteverify({ success: true });
    expect(await check()).toBe('passed');
    expect([...(siteverify.forms[0]?.keys() ?? [])]).toEqual(['secret', 'response']);
  });

  it.each([
    [['invalid-input-response'], 'rejected'],
    [['bad-request'], 'rejected'],
    [[], 'rejected'],
    [['timeout-or-duplicate'], 'expired'],
    [['internal-error'], 'unavailable'],
    [['missing-input-secret'], 'unavailable'],
  ])('reads error codes %j as %s', async (errorCodes, verdict) => {
    standInSiteverify({ success: false, 'error-codes': errorCodes });
    let answer: string | undefined;
    await consoleLines(async () => {
      answer = await check();
    });
    expect(answer).toBe(verdict);
  });

  it('does not take a truthy non-boolean `success` for a pass', async () => {
    standInSiteverify(Response.json({ success: 'true' }));
    let answer: string | undefined;
    await consoleLines(async () => {
      answer = await check();
    });
    expect(answer).toBe('unavailable');
  });
});
