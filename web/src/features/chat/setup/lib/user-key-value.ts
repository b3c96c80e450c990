import type { EndpointOption } from './endpoint-options';

/**
 * What the key dialog asks for and how it is stored. The worker reads the stored value as the
 * key itself, or as JSON when there is more than one value (worker/services/chat/
 * user-credentials.ts): `{apiKey, baseURL}` for a user base URL, the AWS triple for Bedrock.
 */
export type UserKeyField = 'apiKey' | 'baseURL' | 'accessKeyId' | 'secretAccessKey' | 'sessionToken';

/** The only field that may be left blank (temporary AWS credentials need it, long-lived ones don't). */
export const OPTIONAL_KEY_FIELDS: readonly UserKeyField[] = ['sessionToken'];

export function userKeyFields(
  endpoint: Pick<EndpointOption, 'type' | 'userProvide' | 'userProvideURL'>,
): UserKeyField[] {
  if (endpoint.type === 'bedrock') return ['accessKeyId', 'secretAccessKey', 'sessionToken'];
  const fields: UserKeyField[] = [];
  if (endpoint.userProvide) fields.push('apiKey');
  if (endpoint.userProvideURL) fields.push('baseURL');
  return fields;
}

/**
 * The value to store, or null while a required field is blank. A lone API key is stored as
 * itself (what LibreChat stores, and what a migrated key looks like); anything more as JSON.
 */
export function buildUserKeyValue(
  fields: readonly UserKeyField[],
  values: Partial<Record<UserKeyField, string>>,
): string | null {
  const entries: [UserKeyField, string][] = [];
  for (const field of fields) {
    const value = values[field]?.trim() ?? '';
    if (value === '') {
      if (OPTIONAL_KEY_FIELDS.includes(field)) continue;
      return null;
    }
    entries.push([field, value]);
  }
  if (entries.length === 0) return null;
  const [only] = entries;
  if (entries.length === 1 && only && only[0] === 'apiKey') return only[1];
  return JSON.stringify(Object.fromEntries(entries));
}

/** A base URL the provider can be reached at: http(s) only, checked before it is stored. */
export function isValidBaseURL(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
