import { log } from '../../logging/logger';
import { parseAppConfigObject } from './parse';
import { APP_CONFIG_KV_KEY, createStoredAppConfig, parseStoredAppConfig } from './record';
import type { AppConfig } from './schema';

export { APP_CONFIG_KV_KEY } from './record';

/**
 * The app config lives in KV (binding `CONFIG`). Reading it is on the path of most requests,
 * so a validated copy is kept in isolate memory for {@link MEMORY_TTL_MS}; KV's own edge
 * cache ({@link KV_CACHE_TTL_S}) absorbs the rest. A push therefore takes effect within
 * about 90 s everywhere — KV is eventually consistent anyway.
 */
const MEMORY_TTL_MS = 30_000;
const KV_CACHE_TTL_S = 60;

/** Objects handed out are shared by every request of the isolate, so they are frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function buildDefaultConfig(): AppConfig {
  const parsed = parseAppConfigObject({});
  // Cannot happen unless the schema itself is broken, which tests would show.
  if (!parsed.ok) throw new Error(`The default config is invalid: ${parsed.errors.join('; ')}`);
  return deepFreeze(parsed.config);
}

/** The config used when none has been stored: every section at its default. */
export const DEFAULT_APP_CONFIG: AppConfig = buildDefaultConfig();

let memo: { config: AppConfig; expiresAt: number } | undefined;
/** The last config read from KV that passed validation: the fallback when KV misbehaves. */
let lastGood: AppConfig | undefined;

function remember(config: AppConfig): AppConfig {
  memo = { config, expiresAt: Date.now() + MEMORY_TTL_MS };
  return config;
}

function logConfigProblem(reason: 'kv_read_failed' | 'stored_config_invalid', details: Record<string, unknown>): void {
  // The memo and the last good config are shared by the isolate's requests: no one request owns this line.
  log.error('app_config_unusable', {
    reason,
    key: APP_CONFIG_KV_KEY,
    fallback: lastGood ? 'last_good' : 'default',
    ...details,
  });
}

/**
 * The current app config. The value in KV is validated again on every read (KV is a trust
 * boundary: anything with write access could have put anything there). When KV fails or holds
 * an invalid value, the last good config stays in use — or the default one if there never was
 * one — and a structured error is logged; the fallback is also cached for the memory TTL so a
 * bad value costs one log line per isolate per 30 s, not one per request.
 *
 * Concurrent requests that find the memory copy expired each read KV: sharing one pending read
 * between requests is not safe in Workers (a promise tied to one request's I/O may be cancelled
 * with that request).
 */
export async function loadAppConfig(env: { CONFIG: KVNamespace }): Promise<AppConfig> {
  if (memo && memo.expiresAt > Date.now()) return memo.config;

  let raw: unknown;
  try {
    raw = await env.CONFIG.get(APP_CONFIG_KV_KEY, { type: 'json', cacheTtl: KV_CACHE_TTL_S });
  } catch (error) {
    // Also reached when the stored text is not JSON.
    logConfigProblem('kv_read_failed', { error: error instanceof Error ? error.message : String(error) });
    return remember(lastGood ?? DEFAULT_APP_CONFIG);
  }

  if (raw === null) return remember(DEFAULT_APP_CONFIG);

  const parsed = parseStoredAppConfig(raw);
  if (!parsed.ok) {
    logConfigProblem('stored_config_invalid', { errors: parsed.errors });
    return remember(lastGood ?? DEFAULT_APP_CONFIG);
  }
  lastGood = deepFreeze(parsed.stored.config);
  return remember(lastGood);
}

/**
 * Validates and stores `config`, and makes it this isolate's current config at once (other
 * isolates see it once their memory copy and KV's edge cache expire). Throws when the config
 * is invalid, listing every problem.
 */
export async function saveAppConfig(
  kv: KVNamespace,
  config: AppConfig,
  options: { source?: string } = {},
): Promise<void> {
  const parsed = parseAppConfigObject(config);
  if (!parsed.ok) throw new Error(`Config is invalid:\n${parsed.errors.map((e) => `  - ${e}`).join('\n')}`);
  await kv.put(APP_CONFIG_KV_KEY, JSON.stringify(createStoredAppConfig(parsed.config, options.source)));
  lastGood = deepFreeze(parsed.config);
  remember(lastGood);
}

/** Forgets the in-memory copy and the last good config, so tests start from a clean isolate. */
export function resetConfigCacheForTests(): void {
  memo = undefined;
  lastGood = undefined;
}
