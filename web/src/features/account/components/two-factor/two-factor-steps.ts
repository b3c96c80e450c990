/** The steps of turning two-factor on, in order; `disable` is the dialog when it is already on. */
export const SETUP_STEPS = ['setup', 'qr', 'verify', 'backup'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type TwoFactorStep = SetupStep | 'disable';

/** How long "Copied!" shows after copying the secret. */
export const SECRET_COPY_FEEDBACK_MS = 2000;
