import { z } from 'zod';
import { AUTH_LIMITS, EMAIL_PATTERN } from './auth-limits';
import type { StoredMessage } from './messages';
import { USER_TOOL_KEY_PREFIX } from './user-plugins';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(AUTH_LIMITS.emailMax, `Email must be at most ${AUTH_LIMITS.emailMax} characters`)
  .regex(EMAIL_PATTERN, 'You must enter a valid email address');

export const passwordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMin, `Password must be at least ${AUTH_LIMITS.passwordMin} characters`)
  .max(AUTH_LIMITS.passwordMax, `Password must be at most ${AUTH_LIMITS.passwordMax} characters`);

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The Turnstile token of login and registration, when the config turns the captcha on. LibreChat's
 * registration already uses `token` for the invitation, hence its own name. Turnstile's tokens are
 * at most 2048 characters.
 */
const turnstileTokenSchema = z.string().max(2048, 'The captcha token is too long').optional();

/** `POST /api/auth/login`. `email` may be a username-like value when directory login is on. */
export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(AUTH_LIMITS.emailMax),
  password: passwordSchema,
  turnstileToken: turnstileTokenSchema,
});

/** `POST /api/auth/register`. */
export const registerBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(AUTH_LIMITS.nameMin, `Name must be at least ${AUTH_LIMITS.nameMin} characters`)
      .max(AUTH_LIMITS.nameMax),
    username: z.string().trim().max(AUTH_LIMITS.usernameMax).optional(),
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string(),
    /** An invitation token from the registration link, when present. */
    token: z.string().max(200).optional(),
    turnstileToken: turnstileTokenSchema,
  })
  .refine((body) => body.password === body.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORDS_DO_NOT_MATCH,
  });

/** `POST /api/auth/requestPasswordReset`. */
export const requestPasswordResetBodySchema = z.object({ email: emailSchema });
export type RequestPasswordResetBody = z.input<typeof requestPasswordResetBodySchema>;
/** Its answer: a message, or the link itself when the server cannot email it. */
export const requestPasswordResetResponseSchema = z.union([
  z.object({ message: z.string() }),
  z.object({ link: z.string() }),
]);
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponseSchema>;

/** `POST /api/auth/resetPassword`. */
export const resetPasswordBodySchema = z
  .object({
    userId: z.string().min(1, 'Unable to process: No valid user id').max(100),
    token: z.string().min(1, 'Unable to process: No valid reset token').max(200),
    password: passwordSchema,
    confirm_password: z.string(),
  })
  .refine((body) => body.password === body.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** `POST /api/user/verify`. */
export const verifyEmailBodySchema = z.object({ email: emailSchema, token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
/** `POST /api/user/verify/resend`. */
export const resendVerificationBodySchema = z.object({ email: emailSchema });
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;

/** The answer of the auth and user routes that only report what they did (logout, verify…). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code must be 6 digits');
export const backupCodeSchema = z
  .string()
  .trim()
  .length(AUTH_LIMITS.backupCodeLength, 'Backup codes have 8 characters');

/** A current TOTP code or an unused backup code (2FA verify, confirm, disable, regenerate). */
export const twoFactorProofSchema = z
  .object({ token: totpCodeSchema.optional(), backupCode: backupCodeSchema.optional() })
  .refine((body) => body.token !== undefined || body.backupCode !== undefined, {
    message: 'A 6-digit code or a backup code is required',
  });

/** `POST /api/auth/2fa/confirm`: the first code of the authenticator app just set up. */
export const confirmTwoFactorBodySchema = z.object({ token: totpCodeSchema });
export type ConfirmTwoFactorBody = z.input<typeof confirmTwoFactorBodySchema>;
/** `POST /api/auth/2fa/disable`: disabling an unconfirmed setup needs no code, so both fields are optional here. */
export const disableTwoFactorBodySchema = z.object({
  token: totpCodeSchema.optional(),
  backupCode: backupCodeSchema.optional(),
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

/** `POST /api/auth/2fa/verify-temp`: completes the login of a 2FA user. */
export const verifyTempBodySchema = z
  .object({
    tempToken: z.string().min(1).max(2000),
    token: totpCodeSchema.optional(),
    backupCode: backupCodeSchema.optional(),
  })
  .refine((body) => body.token !== undefined || body.backupCode !== undefined, {
    message: 'A 6-digit code or a backup code is required',
  });

export const ROLES = ['USER', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const AUTH_PROVIDERS = ['local', 'openid', 'github', 'google', 'discord', 'facebook', 'apple'] as const;

/** The user as the API shows it: never a password hash, TOTP secret or backup code. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  provider: z.enum(AUTH_PROVIDERS),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `POST /api/auth/login`, `/refresh`, `/2fa/verify-temp`. */
export interface AuthSuccess {
  token: string;
  user: PublicUser;
}
/**
 * `POST /api/auth/refresh`; `messages` only when the request named a conversation
 * (`?messages={conversationId}`): its messages as `GET /api/messages/{conversationId}` answers them.
 */
export interface RefreshResponse extends AuthSuccess {
  messages?: StoredMessage[];
}
/** Login of a user with two-factor on: the 5-minute token only `/2fa/verify-temp` accepts. */
export interface TwoFactorPending {
  twoFAPending: true;
  tempToken: string;
}
export type LoginResponse = AuthSuccess | TwoFactorPending;

/** `GET /api/auth/2fa/enable`. */
export interface TwoFactorEnableResponse {
  otpauthUrl: string;
  backupCodes: string[];
}
export interface BackupCodeStatus {
  codeHash: string;
  used: boolean;
  usedAt: string | null;
}
/** `POST /api/auth/2fa/backup/regenerate`. */
export interface BackupCodesResponse {
  backupCodes: string[];
  backupCodesHash: BackupCodeStatus[];
}

/** Permission types and names, as LibreChat's roles carry them. */
export const PERMISSION_TYPES = [
  'PROMPTS',
  'BOOKMARKS',
  'AGENTS',
  'MULTI_CONVO',
  'TEMPORARY_CHAT',
  'RUN_CODE',
] as const;
export const PERMISSION_NAMES = ['USE', 'CREATE', 'UPDATE', 'READ', 'READ_AUTHOR', 'SHARE', 'SHARED_GLOBAL'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
export type PermissionName = (typeof PERMISSION_NAMES)[number];
export type RolePermissions = Partial<Record<PermissionType, Partial<Record<PermissionName, boolean>>>>;
export interface RoleResponse {
  name: Role;
  permissions: RolePermissions;
}
/** `PUT /api/roles/{role}/prompts|agents`: a partial update of that group's flags. */
export const rolePermissionsUpdateSchema = z
  .object({ SHARED_GLOBAL: z.boolean(), USE: z.boolean(), CREATE: z.boolean() })
  .partial();

/** An endpoint's name as the key routes take it. */
// `tool:` names hold users' tool credentials, written only through POST /api/user/plugins.
const userKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(100)
  .refine((name) => !name.startsWith(USER_TOOL_KEY_PREFIX), `name must not start with ${USER_TOOL_KEY_PREFIX}`);

/** `PUT /api/keys`. */
export const updateUserKeyBodySchema = z.object({
  name: userKeyNameSchema,
  value: z
    .string({ error: 'value is required' })
    .min(1, 'value is required')
    .max(10_000, 'value is too long (at most 10000 characters)'),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});
export type UpdateUserKeyBody = z.input<typeof updateUserKeyBodySchema>;
/** `GET /api/keys?name=`. */
export const userKeyQuerySchema = z.object({ name: userKeyNameSchema });
/** `DELETE /api/keys?all=true`: every key, only when asked for in so many words. */
export const deleteAllUserKeysQuerySchema = z.object({ all: z.string().optional() });
/** The answer of `GET /api/keys?name=`. */
export interface UserKeyExpiry {
  expiresAt: string | null;
}

/** `GET /api/user/terms`. */
export const termsStatusSchema = z.object({ termsAccepted: z.boolean() });
export type TermsStatus = z.infer<typeof termsStatusSchema>;

/** `POST /api/files/images/avatar`: where the new picture is served from. */
export const avatarUploadResponseSchema = z.object({ url: z.string() });
export type AvatarUploadResponse = z.infer<typeof avatarUploadResponseSchema>;
