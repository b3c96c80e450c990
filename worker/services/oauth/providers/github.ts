import type { EnvVars } from '../../../env';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { asRecord, fetchProviderJson, optionalString } from '../http';
import { httpsUrl } from './claims';
import type { ProviderClient, SocialProfile, TokenSet } from './types';

/**
 * GitHub OAuth app. GitHub is not OpenID Connect: the account comes from the REST API, and
 * the email from /user/emails, keeping only the primary address and only if GitHub verified
 * it (the profile's public `email` says nothing about verification).
 */
const API = 'https://api.github.com';

function apiHeaders(tokens: TokenSet): Record<string, string> {
  return {
    authorization: `Bearer ${tokens.accessToken}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    // GitHub refuses API requests without a User-Agent.
    'user-agent': 'EdgeChat-OAuth',
  };
}

export async function githubProfile(tokens: TokenSet): Promise<SocialProfile> {
  const headers = apiHeaders(tokens);
  const user = asRecord(await fetchProviderJson(`${API}/user`, { headers }, 'github user'), 'github user');
  const id = user.id;
  if (typeof id !== 'number' && typeof id !== 'string') throw new OAuthError(OAUTH_ERRORS.failed, 'github user: no id');
  const emails = await fetchProviderJson(`${API}/user/emails`, { headers }, 'github emails');
  const primary = (Array.isArray(emails) ? emails : [])
    .map((entry) => asRecord(entry, 'github email'))
    .find((entry) => entry.primary === true && entry.verified === true && typeof entry.email === 'string');
  const email = optionalString(primary?.email);
  const login = optionalString(user.login);
  const name = optionalString(user.name) ?? login;
  const avatar = httpsUrl(user.avatar_url);
  return {
    providerId: String(id),
    emailVerified: email !== undefined,
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
    ...(login ? { username: login } : {}),
    ...(avatar ? { avatar } : {}),
  };
}

export function githubClient(env: EnvVars): ProviderClient {
  const secret = env.GITHUB_CLIENT_SECRET ?? '';
  return {
    provider: 'github',
    clientId: env.GITHUB_CLIENT_ID ?? '',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    tokenAuth: 'client_secret_post',
    clientSecret: () => Promise.resolve(secret),
    // Public profile plus the email addresses (with their verification state); nothing more.
    scope: 'user:email',
    pkce: true,
    nonce: false,
    profile: githubProfile,
  };
}
