import { and, eq, isNull } from 'drizzle-orm';
import type { SocialProvider } from '../../contract/config';
import { db } from '../../db/client';
import { users } from '../../db/schema';
import { findUserByEmail, insertUser, type UserRow } from '../../db/users';
import type { EnvVars } from '../../env';
import type { RegistrationConfig } from '../config/schema';
import { isTrue } from '../env-flags';
import { OAUTH_ERRORS, OAuthError } from './errors';
import type { SocialProfile } from './providers';

/**
 * Which account a provider identity signs in to:
 *
 * 1. the account created by (or claimed for) this identity: (provider, providerId);
 * 2. else the account with the same email — only when the provider says it verified the
 *    address AND our account's address is verified too. Otherwise whoever controls an
 *    unverified address at a provider (or registered one here first without verifying it)
 *    could take over, or pre-hijack, an account. An account of the same provider that is
 *    bound to a different identity is never taken over. A local account with 2FA still asks
 *    for its second factor (the caller checks `twoFactorEnabled`).
 * 3. else a new account when ALLOW_SOCIAL_REGISTRATION is true (the first account ever is
 *    ADMIN, decided atomically by insertUser).
 *
 * `registration.allowedDomains`, when set, applies to every social sign-in, as in LibreChat.
 */
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;
const MAX_USERNAME_LENGTH = 80;

function normalizedEmail(profile: SocialProfile): string | undefined {
  const email = profile.email?.trim().toLowerCase();
  return email && email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}

export function isEmailDomainAllowed(
  email: string | undefined,
  allowedDomains: readonly string[] | undefined,
): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = email?.slice(email.lastIndexOf('@') + 1);
  return domain !== undefined && allowedDomains.some((allowed) => allowed.trim().toLowerCase() === domain);
}

function findByIdentity(d1: D1Database, provider: SocialProvider, providerId: string): Promise<UserRow | undefined> {
  return db({ DB: d1 })
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.providerId, providerId)))
    .get();
}

async function linkByVerifiedEmail(
  d1: D1Database,
  existing: UserRow,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<UserRow> {
  if (!profile.emailVerified || !existing.emailVerified) {
    throw new OAuthError(
      OAUTH_ERRORS.accountExists,
      `${provider}: email matches an account, but not both sides are verified`,
    );
  }
  if (existing.provider !== provider) return existing;
  if (existing.providerId !== null) {
    throw new OAuthError(
      OAUTH_ERRORS.accountExists,
      `${provider}: email matches an account bound to another ${provider} identity`,
    );
  }
  // Claims a same-provider account that has no identity yet; conditional, so only once.
  const claimed = await db({ DB: d1 })
    .update(users)
    .set({ providerId: profile.providerId })
    .where(and(eq(users.id, existing.id), isNull(users.providerId)))
    .returning()
    .get();
  return claimed ?? existing;
}

function clip(value: string | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

export async function findOrCreateSocialUser(
  env: EnvVars & { DB: D1Database },
  registration: RegistrationConfig,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<UserRow> {
  const email = normalizedEmail(profile);
  if (!isEmailDomainAllowed(email, registration.allowedDomains)) {
    throw new OAuthError(OAUTH_ERRORS.domain, `${provider}: email domain not in registration.allowedDomains`);
  }
  const known = await findByIdentity(env.DB, provider, profile.providerId);
  if (known) return known;
  if (!email) throw new OAuthError(OAUTH_ERRORS.emailRequired, `${provider}: the provider gave no usable email`);

  const existing = await findUserByEmail(env.DB, email);
  if (existing) return linkByVerifiedEmail(env.DB, existing, provider, profile);

  if (!isTrue(env.ALLOW_SOCIAL_REGISTRATION)) {
    throw new OAuthError(
      OAUTH_ERRORS.registration,
      `${provider}: no account and ALLOW_SOCIAL_REGISTRATION is not true`,
    );
  }
  let created: UserRow | undefined;
  try {
    created = await insertUser(env.DB, {
      email,
      name: clip(profile.name, MAX_NAME_LENGTH),
      username: clip(profile.username ?? email.slice(0, email.indexOf('@')), MAX_USERNAME_LENGTH),
      passwordHash: null,
      emailVerified: profile.emailVerified,
      provider,
      providerId: profile.providerId,
      avatar: profile.avatar ?? null,
    });
  } catch (error) {
    // (provider, providerId) taken: the same identity finished a parallel callback first.
    if (!(error instanceof Error && /UNIQUE/i.test(error.message))) throw error;
    created = undefined;
  }
  if (created) return created;
  // Lost a race: either that parallel callback, or someone registered the email meanwhile.
  const winner = await findByIdentity(env.DB, provider, profile.providerId);
  if (winner) return winner;
  throw new OAuthError(OAUTH_ERRORS.accountExists, `${provider}: the email was registered meanwhile`);
}
