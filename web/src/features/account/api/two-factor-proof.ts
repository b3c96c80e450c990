/** What the 2FA endpoints accept as proof: a current authenticator code or an unused backup code. */
export type TwoFactorProof = { token: string } | { backupCode: string };
