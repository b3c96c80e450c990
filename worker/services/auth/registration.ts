import { AUTH_LIMITS } from '../../contract/auth-limits';
import { insertUser, type UserRow } from '../../db/users';
import type { EnvVars } from '../../env';
import { enabledUnlessFalse } from '../env-flags';
import { hashPassword } from './passwords';

export const REGISTRATION_DISABLED_MESSAGE = 'Registration is not allowed.';
export const DOMAIN_NOT_ALLOWED_MESSAGE = 'Registration is restricted to email addresses of approved domains.';
export const EMAIL_IN_USE_MESSAGE = 'An account with this email already exists.';

/** On unless ALLOW_REGISTRATION=false: a fresh deployment must let its first user (the admin) in. */
export function isRegistrationEnabled(env: EnvVars): boolean {
  return enabledUnlessFalse(env.ALLOW_REGISTRATION);
}

/** `registration.allowedDomains` of the config: when set, only those domains may register. */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[] | undefined): boolean {
  if (!allowedDomains?.length) return true;
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return allowedDomains.some((allowed) => allowed.trim().toLowerCase() === domain);
}

/** LibreChat's username is optional; without one, the email's local part stands in. */
export function defaultUsername(email: string): string {
  return (email.trim().split('@')[0] ?? '').slice(0, AUTH_LIMITS.usernameMax);
}

export interface LocalAccountInput {
  name: string;
  username?: string | undefined;
  email: string;
  password: string;
}

/**
 * Creates a password account, or returns undefined when the email is taken. Only the listed
 * fields are used, so nothing else in a request body (role, emailVerified, id, …) can reach
 * the row. The password is hashed before the insert in both cases, so a duplicate costs the
 * same time as a new account.
 */
export async function createLocalAccount(
  d1: D1Database,
  input: LocalAccountInput,
  options: { emailVerified: boolean },
): Promise<UserRow | undefined> {
  const passwordHash = await hashPassword(input.password);
  return insertUser(d1, {
    email: input.email,
    name: input.name,
    username: input.username || defaultUsername(input.email),
    passwordHash,
    emailVerified: options.emailVerified,
    provider: 'local',
  });
}
