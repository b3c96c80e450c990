import { describe, expect, it } from 'vitest';
import { send } from '../test/account-helpers';
import { TEST_PASSWORD, createTestUser } from '../test/auth-helpers';
import { callAs, secretOf, storedUser, totpCode } from '../test/two-factor-helpers';

/** The dialog's order: generate, verify a code, save the backup codes, then confirm. */
async function verifiedSetup() {
  const user = await createTestUser();
  const enabled = await callAs(user, '/api/auth/2fa/enable');
  const { otpauthUrl, backupCodes } = await enabled.json<{ otpauthUrl: string; backupCodes: string[] }>();
  const code = await totpCode(secretOf(otpauthUrl));
  expect((await callAs(user, '/api/auth/2fa/verify', 'POST', { token: code })).status).toBe(200);
  return { user, code, backupCodes };
}

const loginAsks2fa = async (email: string) => {
  const res = await send('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return (await res.json<{ twoFAPending?: boolean }>()).twoFAPending === true;
};

describe('two-factor setup: verify, then confirm', () => {
  it('a verified but unconfirmed setup is not enforced: login asks for no code', async () => {
    const { user } = await verifiedSetup();
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(0);
    expect(await loginAsks2fa(user.email)).toBe(false);
  });

  it('confirm after verify turns it on with the code already verified, and login then asks for a code', async () => {
    const { user, code } = await verifiedSetup();
    const res = await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: code });
    expect(res.status).toBe(200);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(1);
    expect(await loginAsks2fa(user.email)).toBe(true);
  });

  it('an abandoned verified setup is dropped by a disable without a code', async () => {
    const { user } = await verifiedSetup();
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', {})).status).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ twoFactorEnabled: 0, totpSecret: null, backupCodes: '[]' });
    expect(await loginAsks2fa(user.email)).toBe(false);
  });

  it('a restarted setup must be verified again: the old verification does not carry over', async () => {
    const { user } = await verifiedSetup();
    const restarted = await (await callAs(user, '/api/auth/2fa/enable')).json<{ otpauthUrl: string }>();
    const secret = secretOf(restarted.otpauthUrl);
    const wrong = (await totpCode(secret)) === '000000' ? '111111' : '000000';
    expect((await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: wrong })).status).toBe(400);
    expect((await storedUser(user.id))?.twoFactorEnabled).toBe(0);
  });
});
