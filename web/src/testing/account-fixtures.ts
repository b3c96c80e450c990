import type { BackupCodesResponse, PublicUser, TwoFactorEnableResponse } from '@contract/auth';

export const userFixture = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'u1',
  username: 'ada',
  email: 'Ada@Example.com',
  name: 'Ada Lovelace',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const backupCodesFixture = Array.from({ length: 10 }, (_, index) => `code${String(index).padStart(4, '0')}`);

export const enableResponseFixture: TwoFactorEnableResponse = {
  otpauthUrl: `otpauth://totp/Test%20Chat:ada%40example.com?secret=${TOTP_SECRET}&issuer=Test%20Chat`,
  backupCodes: backupCodesFixture,
};

export const regenerateResponseFixture: BackupCodesResponse = {
  backupCodes: backupCodesFixture.map((code) => code.replace('code', 'next')),
  backupCodesHash: backupCodesFixture.map((_, index) => ({
    codeHash: `hash${index}`,
    used: index === 0,
    usedAt: index === 0 ? '2025-03-04T05:06:07.000Z' : null,
  })),
};
