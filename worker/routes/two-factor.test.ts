import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CREDS_KEY_MISSING_MESSAGE } from '../services/crypto/creds-key';
import { readTotpSecret } from '../services/two-factor/proof';
import { createTestUser } from '../test/auth-helpers';
import { TEST_CREDS, callAs, enableTwoFactor, secretOf, storedUser, totpCode } from '../test/two-factor-helpers';

describe('GET /api/auth/2fa/enable', () => {
  it('answers an otpauth URL and 10 backup codes, storing the secret encrypted and only code hashes', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/auth/2fa/enable');
    expect(res.status).toBe(200);
    const body = await res.json<{ otpauthUrl: string; backupCodes: string[] }>();

    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(body.otpauthUrl.startsWith(`otpauth://totp/EdgeChat:${encodeURIComponent(user.email)}?`)).toBe(true);
    expect(url.searchParams.get('issuer')).toBe('EdgeChat');
    const secret = secretOf(body.otpauthUrl);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32

    expect(body.backupCodes).toHaveLength(10);
    for (const code of body.backupCodes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(new Set(body.backupCodes).size).toBe(10);

    const row = await storedUser(user.id);
    expect(row?.twoFactorEnabled).toBe(0); // pending until confirmed
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    for (const code of body.backupCodes) expect(row?.backupCodes).not.toContain(code);
    const stored: unknown[] = JSON.parse(row?.backupCodes ?? '[]');
    expect(stored).toHaveLength(10);
    expect(stored[0]).toEqual({ codeHash: expect.any(String), used: false, usedAt: null });
    // The service decrypts what the QR code showed.
    expect(
      await readTotpSecret({ ...TEST_CREDS, DB: env.DB }, { id: user.id, totpSecret: row?.totpSecret ?? null }),
    ).toBe(secret);
  });

  it('uses APP_TITLE as the issuer', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/auth/2fa/enable', 'GET', undefined, { ...TEST_CREDS, APP_TITLE: 'Edge Chat' });
    const { otpauthUrl } = await res.json<{ otpauthUrl: string }>();
    expect(new URL(otpauthUrl).searchParams.get('issuer')).toBe('Edge Chat');
  });

  it('is refused while 2FA is on: re-enabling without a code is impossible', async () => {
    const user = await createTestUser();
    await enableTwoFactor(user);
    const before = await storedUser(user.id);
    const res = await callAs(user, '/api/auth/2fa/enable');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Two-factor authentication is already enabled' });
    const after = await storedUser(user.id);
    expect(after?.totpSecret).toBe(before?.totpSecret);
    expect(after?.backupCodes).toBe(before?.backupCodes);
  });

  it('re-enabling goes through a disable with a code, then a new secret', async () => {
    const user = await createTestUser();
    const first = await enableTwoFactor(user);
    // The confirm claimed the current step; the next one is still within the drift window.
    const disabled = await callAs(user, '/api/auth/2fa/disable', 'POST', { token: await totpCode(first.secret, 1) });
    expect(disabled.status).toBe(200);
    const again = await enableTwoFactor(user);
    expect(again.secret).not.toBe(first.secret);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(1);
  });

  it('answers 400 for accounts of a social provider and 401 without a token', async () => {
    const social = await createTestUser({ provider: 'github', providerId: crypto.randomUUID(), passwordHash: null });
    expect((await callAs(social, '/api/auth/2fa/enable')).status).toBe(400);
    expect((await callAs(null, '/api/auth/2fa/enable')).status).toBe(401);
  });

  it('answers a clear 500 when CREDS_KEY is missing or malformed', async () => {
    const user = await createTestUser();
    for (const vars of [{}, { CREDS_KEY: 'short' }, { CREDS_KEY: 'z'.repeat(64) }]) {
      const res = await callAs(user, '/api/auth/2fa/enable', 'GET', undefined, vars);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ message: CREDS_KEY_MISSING_MESSAGE });
    }
    expect((await storedUser(user.id))?.totpSecret).toBeNull();
  });
});

describe('POST /api/auth/2fa/confirm', () => {
  it('turns 2FA on with a valid code and refuses an invalid one', async () => {
    const user = await createTestUser();
    const { otpauthUrl } = await (await callAs(user, '/api/auth/2fa/enable')).json<{ otpauthUrl: string }>();
    const secret = secretOf(otpauthUrl);
    const good = await totpCode(secret);
    const wrong = good === '000000' ? '111111' : '000000';

    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: wrong })).status).toBe(400);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(0);
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: '12345' })).status).toBe(400);

    const res = await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: good });
    expect(res.status).toBe(200);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(1);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const user = await createTestUser();
    const { otpauthUrl } = await (await callAs(user, '/api/auth/2fa/enable')).json<{ otpauthUrl: string }>();
    const secret = secretOf(otpauthUrl);
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: await totpCode(secret, -3) })).status).toBe(
      400,
    );
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: await totpCode(secret, 3) })).status).toBe(
      400,
    );
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: await totpCode(secret, 1) })).status).toBe(
      200,
    );
  });

  it('refuses a backup code and a confirm without a started setup', async () => {
    const user = await createTestUser();
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: '123456' })).status).toBe(400);
    const { backupCodes } = await (await callAs(user, '/api/auth/2fa/enable')).json<{ backupCodes: string[] }>();
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { backupCode: backupCodes[0] })).status).toBe(400);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(0);
  });
});

describe('POST /api/auth/2fa/verify', () => {
  it('accepts a current code once only: the same code twice is a replay', async () => {
    const user = await createTestUser();
    const { secret } = await enableTwoFactor(user);
    const code = await totpCode(secret, 1); // the confirm claimed the current step
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: code })).status).toBe(200);
    const replay = await callAs(user, '/api/auth/2fa/verify', 'POST', { token: code });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'Invalid 2FA code or backup code' });
  });

  it('rejects the code the confirm used (replay across routes) and an older step', async () => {
    const user = await createTestUser();
    const { otpauthUrl } = await (await callAs(user, '/api/auth/2fa/enable')).json<{ otpauthUrl: string }>();
    const secret = secretOf(otpauthUrl);
    const code = await totpCode(secret);
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: code })).status).toBe(200);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: code })).status).toBe(400);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: await totpCode(secret, -1) })).status).toBe(
      400,
    );
  });

  it('accepts a backup code once (case-insensitive) and marks it used with a date', async () => {
    const user = await createTestUser();
    const { backupCodes } = await enableTwoFactor(user);
    const code = backupCodes[2] ?? '';
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: code.toLowerCase() })).status).toBe(200);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: code })).status).toBe(400);
    const stored: { used: boolean; usedAt: number | null }[] = JSON.parse(
      (await storedUser(user.id))?.backupCodes ?? '[]',
    );
    expect(stored.filter((entry) => entry.used)).toHaveLength(1);
    expect(stored[2]).toMatchObject({ used: true, usedAt: expect.any(Number) });
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: backupCodes[3] })).status).toBe(200);
  });

  it('refuses a made-up backup code, an empty body, and users without 2FA', async () => {
    const user = await createTestUser();
    await enableTwoFactor(user);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: 'ABCDEFGH' })).status).toBe(400);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', {})).status).toBe(400);
    const plain = await createTestUser();
    expect((await callAs(plain, '/api/auth/2fa/verify', 'POST', { token: '123456' })).status).toBe(400);
  });

  it('caps failed attempts per user (429), and a correct code does not get past the cap', async () => {
    const user = await createTestUser();
    const { secret } = await enableTwoFactor(user);
    const good = await totpCode(secret, 1);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: wrong })).status).toBe(400);
    }
    const blocked = await callAs(user, '/api/auth/2fa/verify', 'POST', { token: good });
    expect(blocked.status).toBe(429);
    // Another user is not affected.
    const other = await createTestUser();
    const otherSetup = await enableTwoFactor(other);
    expect(
      (await callAs(other, '/api/auth/2fa/verify', 'POST', { token: await totpCode(otherSetup.secret, 1) })).status,
    ).toBe(200);
  });

  it('successful attempts do not count toward the cap', async () => {
    const user = await createTestUser();
    const { backupCodes } = await enableTwoFactor(user);
    for (const code of backupCodes) {
      expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: code })).status).toBe(200);
    }
    // Ten successes refunded: ten failures still fit in the window before the cap.
    for (let i = 0; i < 10; i++) {
      expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: 'ZZZZZZZZ' })).status).toBe(400);
    }
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: 'ZZZZZZZZ' })).status).toBe(429);
  });
});

describe('POST /api/auth/2fa/disable', () => {
  it('needs a code when 2FA is on: none or a wrong one → 400 and 2FA stays on', async () => {
    const user = await createTestUser();
    const { secret } = await enableTwoFactor(user);
    const none = await callAs(user, '/api/auth/2fa/disable', 'POST', {});
    expect(none.status).toBe(400);
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST')).status).toBe(400); // no body at all
    const good = await totpCode(secret, 1);
    const wrong = good === '000000' ? '111111' : '000000';
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', { token: wrong })).status).toBe(400);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(1);

    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', { token: good })).status).toBe(200);
    const row = await storedUser(user.id);
    expect(row).toMatchObject({ twoFactorEnabled: 0, totpSecret: null, backupCodes: '[]', totpLastStep: null });
  });

  it('works with a backup code', async () => {
    const user = await createTestUser();
    const { backupCodes } = await enableTwoFactor(user);
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', { backupCode: backupCodes[0] })).status).toBe(200);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(0);
  });

  it('drops an unconfirmed setup without a code', async () => {
    const user = await createTestUser();
    await callAs(user, '/api/auth/2fa/enable');
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', {})).status).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ twoFactorEnabled: 0, totpSecret: null, backupCodes: '[]' });
  });

  it('refuses a code already used to verify (replay)', async () => {
    const user = await createTestUser();
    const { secret } = await enableTwoFactor(user);
    const code = await totpCode(secret, 1);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: code })).status).toBe(200);
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', { token: code })).status).toBe(400);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(1);
  });
});

describe('POST /api/auth/2fa/backup/regenerate', () => {
  it('needs a current code, replaces every code, and the old ones stop working', async () => {
    const user = await createTestUser();
    const { secret, backupCodes: old } = await enableTwoFactor(user);
    expect((await callAs(user, '/api/auth/2fa/backup/regenerate', 'POST', {})).status).toBe(400);
    expect((await callAs(user, '/api/auth/2fa/backup/regenerate', 'POST', { backupCode: 'ZZZZZZZZ' })).status).toBe(
      400,
    );

    const res = await callAs(user, '/api/auth/2fa/backup/regenerate', 'POST', { token: await totpCode(secret, 1) });
    expect(res.status).toBe(200);
    const body = await res.json<{ backupCodes: string[]; backupCodesHash: unknown[] }>();
    expect(body.backupCodes).toHaveLength(10);
    expect(body.backupCodes.some((code) => old.includes(code))).toBe(false);
    expect(body.backupCodesHash).toHaveLength(10);
    expect(body.backupCodesHash[0]).toEqual({ codeHash: expect.any(String), used: false, usedAt: null });

    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: old[1] })).status).toBe(400);
    expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { backupCode: body.backupCodes[1] })).status).toBe(200);
  });

  it('accepts an unused backup code as the proof, and refuses when 2FA is off', async () => {
    const user = await createTestUser();
    const { backupCodes } = await enableTwoFactor(user);
    expect((await callAs(user, '/api/auth/2fa/backup/regenerate', 'POST', { backupCode: backupCodes[5] })).status).toBe(
      200,
    );
    const plain = await createTestUser();
    expect((await callAs(plain, '/api/auth/2fa/backup/regenerate', 'POST', { token: '123456' })).status).toBe(400);
  });
});
