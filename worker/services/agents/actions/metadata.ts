import {
  ACTION_SECRET_FIELDS,
  type ActionAuthSettings,
  type ActionSecretField,
  type ApiAction,
  type SaveActionBody,
} from '../../../contract/agent-actions';
import type { ActionRow } from '../../../db/actions';
import type { JsonObject } from '../../../db/schema/columns';
import type { EnvVars } from '../../../env';
import { openSealedString, sealString } from '../../crypto/aes-gcm';
import { credsAesKey } from '../../crypto/creds-key';

/**
 * An action's stored metadata: LibreChat's fields, with each secret sealed (AES-GCM under
 * CREDS_KEY, bound to the action id and the field, so a sealed value copied to another action
 * or field does not open). Answers carry the settings and never a secret, sealed or not.
 */
export interface StoredActionMetadata {
  domain: string;
  raw_spec?: string;
  privacy_policy_url?: string;
  auth?: ActionAuthSettings;
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

type Env = Pick<EnvVars, 'CREDS_KEY'>;

const sealContext = (actionId: string, field: ActionSecretField) => `actions:${actionId}:${field}`;

/** The stored metadata of a row (rows are only written through this module's shape). */
export function storedMetadata(row: ActionRow): StoredActionMetadata {
  return row.metadata as unknown as StoredActionMetadata;
}

export function toStoredJson(metadata: StoredActionMetadata): JsonObject {
  return metadata as unknown as JsonObject;
}

/** Drops null, undefined and empty text, as LibreChat does before merging onto the stored metadata. */
function withoutEmpty<T extends object>(value: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined && item !== ''),
  ) as { [K in keyof T]?: NonNullable<T[K]> };
}

/** Which secrets an auth type uses: the others are dropped when the type changes. */
function secretsOf(auth: ActionAuthSettings | undefined): readonly ActionSecretField[] {
  if (auth?.type === 'service_http') return ['api_key'];
  if (auth?.type === 'oauth') return ['oauth_client_id', 'oauth_client_secret'];
  return [];
}

/**
 * The metadata after a save: the body's fields over the stored ones, new secrets sealed, and
 * secrets the auth type no longer uses removed. `domain` is the host the caller checked.
 */
export async function mergeMetadata(
  env: Env,
  actionId: string,
  previous: StoredActionMetadata | null,
  body: SaveActionBody['metadata'],
  domain: string,
): Promise<StoredActionMetadata> {
  const { auth, api_key, oauth_client_id, oauth_client_secret, ...settings } = body;
  const secrets = { api_key, oauth_client_id, oauth_client_secret };
  // Secrets the body leaves out stay as stored (the builder never sees them to send them back).
  const merged: StoredActionMetadata = { ...previous, ...withoutEmpty(settings), domain };
  if (auth) merged.auth = withoutEmpty(auth);
  for (const field of ACTION_SECRET_FIELDS) {
    const plain = secrets[field];
    if (typeof plain === 'string' && plain !== '')
      merged[field] = await sealString(await credsAesKey(env), plain, sealContext(actionId, field));
  }
  const used = secretsOf(merged.auth);
  for (const field of ACTION_SECRET_FIELDS) if (!used.includes(field)) delete merged[field];
  return merged;
}

/** A secret of the action in plain text, or undefined when it is missing or does not open. */
export async function openActionSecret(
  env: Env,
  actionId: string,
  metadata: StoredActionMetadata,
  field: ActionSecretField,
): Promise<string | undefined> {
  const sealed = metadata[field];
  if (!sealed) return undefined;
  return (await openSealedString(await credsAesKey(env), sealed, sealContext(actionId, field))) ?? undefined;
}

/** The metadata for an action copied under `newActionId`: secrets re-sealed when kept, else dropped. */
export async function copiedMetadata(
  env: Env,
  from: { actionId: string; metadata: StoredActionMetadata },
  newActionId: string,
  keepSecrets: boolean,
): Promise<StoredActionMetadata> {
  const copy: StoredActionMetadata = { ...from.metadata };
  for (const field of ACTION_SECRET_FIELDS) {
    delete copy[field];
    if (!keepSecrets) continue;
    const plain = await openActionSecret(env, from.actionId, from.metadata, field);
    if (plain !== undefined)
      copy[field] = await sealString(await credsAesKey(env), plain, sealContext(newActionId, field));
  }
  return copy;
}

/** The action as answered: settings only. */
export function toApiAction(row: ActionRow): ApiAction {
  const metadata = storedMetadata(row);
  return {
    action_id: row.action_id,
    agent_id: row.agent_id,
    type: row.type,
    user: row.userId,
    metadata: {
      domain: metadata.domain,
      ...(metadata.raw_spec !== undefined ? { raw_spec: metadata.raw_spec } : {}),
      ...(metadata.privacy_policy_url !== undefined ? { privacy_policy_url: metadata.privacy_policy_url } : {}),
      ...(metadata.auth !== undefined ? { auth: metadata.auth } : {}),
    },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
