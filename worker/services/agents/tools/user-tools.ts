import { eq } from 'drizzle-orm';
import type { BuiltinPlugin } from '../../../agent-tools/builtins/manifest';
import { USER_TOOL_KEY_PREFIX } from '../../../contract/user-plugins';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { deleteUserKeys, listUserKeys, replaceUserKeys, type UserKeysEnv } from '../../user-keys/store';

/**
 * A user's own tool credentials (installed with POST /api/user/plugins), sealed in `user_keys`
 * like their endpoint keys, one row per field named `tool:<pluginKey>:<FIELD>`. The endpoint
 * keys' routes refuse that prefix, so the two never overwrite each other.
 */
const TOOL_KEY_PREFIX = USER_TOOL_KEY_PREFIX;

const toolPrefix = (pluginKey: string) => `${TOOL_KEY_PREFIX}${pluginKey}:`;

/** A user's values by tool key, then by env field name. */
export type UserToolValues = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** All of a user's tool values in one D1 query (the tools list and a send read them once). */
export async function loadUserToolValues(env: UserKeysEnv, userId: string): Promise<UserToolValues> {
  const values = new Map<string, Record<string, string>>();
  for (const [name, value] of await listUserKeys(env, userId, TOOL_KEY_PREFIX)) {
    // The field is after the last colon: tool keys may hold colons, env names never do.
    const split = name.lastIndexOf(':');
    const pluginKey = name.slice(TOOL_KEY_PREFIX.length, split);
    const fields = values.get(pluginKey) ?? {};
    fields[name.slice(split + 1)] = value;
    values.set(pluginKey, fields);
  }
  return values;
}

/** The env names a tool's authConfig lets a user set (each side of an `A||B` field). */
function allowedFields(plugin: BuiltinPlugin): Set<string> {
  return new Set(plugin.authConfig.flatMap((field) => field.authField.split('||')));
}

/**
 * Stores the given fields in one batch (replacing the tool's earlier values, so a switch from one
 * `A||B` alternative to the other leaves nothing stale) and, unless the tool is installed on an agent
 * only, adds it to the user's plugins. A field the tool does not name is refused before anything
 * is written.
 */
export async function installUserTool(
  env: UserKeysEnv,
  userId: string,
  plugin: BuiltinPlugin,
  { auth, isEntityTool }: { auth: Readonly<Record<string, string>>; isEntityTool: boolean },
): Promise<void> {
  const allowed = allowedFields(plugin);
  const unknown = Object.keys(auth).filter((field) => !allowed.has(field));
  // The refusal names the settings the tool takes, never echoing what was sent (perhaps a secret).
  if (unknown.length > 0)
    throw new HttpError(400, `${plugin.pluginKey} takes only: ${[...allowed].join(', ')}`, 'validation_error');
  const prefix = toolPrefix(plugin.pluginKey);
  const entries = Object.entries(auth);
  // Installing without values (a tool the operator set up) keeps any the user saved before.
  if (entries.length > 0)
    await replaceUserKeys(
      env,
      userId,
      prefix,
      Object.fromEntries(entries.map(([field, value]) => [`${prefix}${field}`, value.trim()])),
    );
  if (!isEntityTool) await setInstalled(env, userId, plugin.pluginKey, true);
}

/** Deletes every stored value of the tool and takes it off the user's plugins. */
export async function uninstallUserTool(
  env: UserKeysEnv,
  userId: string,
  pluginKey: string,
  { isEntityTool }: { isEntityTool: boolean },
): Promise<void> {
  await deleteUserKeys(env, userId, toolPrefix(pluginKey));
  if (!isEntityTool) await setInstalled(env, userId, pluginKey, false);
}

async function setInstalled(env: UserKeysEnv, userId: string, pluginKey: string, installed: boolean) {
  const row = await db(env).select({ plugins: users.plugins }).from(users).where(eq(users.id, userId)).get();
  const others = (row?.plugins ?? []).filter((key) => key !== pluginKey);
  await db(env)
    .update(users)
    .set({ plugins: installed ? [...others, pluginKey] : others })
    .where(eq(users.id, userId));
}
