import type { DisableTwoFactorBody } from '@contract/auth';

/** What the 2FA endpoints accept as proof: a current authenticator code or an unused backup code. */
export type TwoFactorProof =
  Required<Pick<DisableTwoFactorBody, 'token'>> | Required<Pick<DisableTwoFactorBody, 'backupCode'>>;
