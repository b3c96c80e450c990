/**
 * The signed-in user's own credentials for a `user_provided` endpoint, read from their stored
 * keys (named after the endpoint, as LibreChat stores them). The stored value is the key
 * itself, or a JSON object when the endpoint needs more than one value: `{apiKey, baseURL}`
 * (OpenAI-style endpoints with a user base URL), `{GOOGLE_API_KEY}` (Google),
 * `{accessKeyId, secretAccessKey, sessionToken?}` (Bedrock).
 */
import { ChatRefusal } from '../../engine/refusal';
import { getUserKey, type UserKeysEnv } from '../user-keys/store';

export interface StoredUserCredentials {
  apiKey?: string;
  baseURL?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
}

/**
 * The user's credentials for `endpoint`. A missing key refuses with `no_user_key` (or
 * `no_base_url` when only the URL is the user's), an expired one with `expired_user_key`
 * (with the endpoint and the expiry the client shows).
 */
export async function loadUserCredentials(
  env: UserKeysEnv,
  userId: string,
  endpoint: string,
  needs: { key: boolean; url: boolean },
  now = Date.now(),
): Promise<StoredUserCredentials> {
  const value = await getUserKey(env, userId, endpoint, now);
  if (value !== null) return parseStoredValue(value);
  const expired = await env.DB.prepare(
    'SELECT expiresAt FROM user_keys WHERE userId = ?1 AND name = ?2 AND expiresAt <= ?3',
  )
    .bind(userId, endpoint, now)
    .first<{ expiresAt: number }>();
  if (expired)
    throw new ChatRefusal({ type: 'expired_user_key', endpoint, expiredAt: new Date(expired.expiresAt).toISOString() });
  throw new ChatRefusal({ type: needs.key ? 'no_user_key' : 'no_base_url' });
}

export function parseStoredValue(value: string): StoredUserCredentials {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{')) return { apiKey: value };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { apiKey: value };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { apiKey: value };
  const record: Record<string, unknown> = { ...parsed };
  const text = (name: string): string | undefined => {
    const entry = record[name];
    return typeof entry === 'string' && entry !== '' ? entry : undefined;
  };
  const credentials: StoredUserCredentials = {};
  const apiKey = text('apiKey') ?? text('GOOGLE_API_KEY') ?? text('api_key');
  if (apiKey) credentials.apiKey = apiKey;
  const baseURL = text('baseURL');
  if (baseURL) credentials.baseURL = baseURL;
  const accessKeyId = text('accessKeyId');
  if (accessKeyId) credentials.accessKeyId = accessKeyId;
  const secretAccessKey = text('secretAccessKey');
  if (secretAccessKey) credentials.secretAccessKey = secretAccessKey;
  const sessionToken = text('sessionToken');
  if (sessionToken) credentials.sessionToken = sessionToken;
  return credentials;
}
