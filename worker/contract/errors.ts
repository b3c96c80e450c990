/**
 * Every error code the API answers with, in one list. `code` is a stable machine-readable
 * identifier (LibreChat's own code where the route copies a LibreChat route); `message` is for
 * people. The values are on the wire and clients match them: never rename one.
 *
 * Kept free of zod so the login page can import it without pulling the schema library.
 */
export const ERROR_CODES = {
  // Any route
  validation: 'validation_error',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  serverMisconfigured: 'server_misconfigured',
  rateLimited: 'rate_limited',
  banned: 'ban',

  // Rate limits that carry LibreChat's violation type as their code
  loginLimit: 'com_auth_error_login_rl',
  registerLimit: 'registrations',
  resetPasswordLimit: 'reset_password_limit',
  verifyEmailLimit: 'verify_email_limit',
  forkLimit: 'fork_limit',
  importLimit: 'file_upload_limit',
  fileUploadLimit: 'file_upload_limit',
  toolCallLimit: 'tool_call_limit',
  ttsLimit: 'tts_limit',
  sttLimit: 'stt_limit',

  // Accounts and sessions
  invalidCredentials: 'invalid_credentials',
  invalidRefreshToken: 'invalid_refresh_token',
  invalidTempToken: 'invalid_temp_token',
  invalidResetToken: 'invalid_reset_token',
  invalidVerificationToken: 'invalid_verification_token',
  emailInUse: 'email_in_use',
  emailNotVerified: 'email_not_verified',
  emailNotConfigured: 'email_not_configured',
  emailLoginDisabled: 'email_login_disabled',
  registrationDisabled: 'registration_disabled',
  domainNotAllowed: 'domain_not_allowed',
  passwordResetDisabled: 'password_reset_disabled',
  tooManyTwoFactorAttempts: 'too_many_attempts',
  /** Login or registration without the Turnstile token the configured captcha asks for. */
  captchaRequired: 'captcha_required',
  /** Turnstile did not accept the token (failed, expired or already used). */
  captchaFailed: 'captcha_failed',
  /** Turnstile could not be asked (network error, timeout, an answer it cannot read). */
  captchaUnavailable: 'captcha_unavailable',

  // Feature areas
  unknownEndpoint: 'unknown_endpoint',
  tagExists: 'tag_exists',
  tagLimitReached: 'tag_limit_reached',
  presetLimitReached: 'preset_limit_reached',
  forkTooLarge: 'fork_too_large',
  importTooLarge: 'import_too_large',
  sharedLinksDisabled: 'shared_links_disabled',
  /** A generated file past its expiresAt: the client shows "download expired". */
  fileExpired: 'file_expired',
  assistantsRetired: 'assistants_retired',
  /** A speech engine refused or failed: the client shows its own message, never the engine's body. */
  speechEngineError: 'speech_engine_error',
  /** A recording too short to transcribe. */
  audioTooShort: 'audio_too_short',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

/** Narrows a code read from a response body; an unknown one is not trusted as an ErrorCode. */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN_CODES.has(value);

/** The one error shape every API route answers with. Some refusals copied from LibreChat carry no code. */
export interface ApiError {
  message: string;
  code?: ErrorCode;
}
