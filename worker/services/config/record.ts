import { z } from 'zod';
import { parseAppConfigObject } from './parse';
import type { AppConfig } from './schema';

/**
 * The value stored in KV under {@link APP_CONFIG_KV_KEY}. Shared by the Worker (which reads
 * it) and the Node `config:push` tool (which writes it), so this file uses no runtime APIs.
 */

export const APP_CONFIG_KV_KEY = 'app-config';

export interface StoredAppConfig {
  config: AppConfig;
  /** ISO 8601 time of the write. */
  updatedAt: string;
  /** Where it came from, e.g. the pushed file's name. */
  source?: string;
}

const envelopeSchema = z.object({
  config: z.unknown(),
  updatedAt: z.string(),
  source: z.string().optional(),
});

export function createStoredAppConfig(config: AppConfig, source?: string): StoredAppConfig {
  return source === undefined
    ? { config, updatedAt: new Date().toISOString() }
    : { config, updatedAt: new Date().toISOString(), source };
}

/** Validates a stored value as a whole, the config inside it included. */
export function parseStoredAppConfig(
  value: unknown,
): { ok: true; stored: StoredAppConfig } | { ok: false; errors: string[] } {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) {
    return { ok: false, errors: ['The stored value is not a { config, updatedAt } record.'] };
  }
  const parsed = parseAppConfigObject(envelope.data.config);
  if (!parsed.ok) return parsed;
  const { updatedAt, source } = envelope.data;
  return {
    ok: true,
    stored: source === undefined ? { config: parsed.config, updatedAt } : { config: parsed.config, updatedAt, source },
  };
}
