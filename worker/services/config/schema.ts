import { z } from 'zod';
import {
  INTERFACE_TOGGLES,
  balanceConfigSchema,
  interfaceConfigSchema,
  modelSpecsConfigSchema,
  turnstileConfigSchema,
} from '../../contract/config';
import { isPlainObject, stringList } from './schema-common';
import { endpointsSchema } from './schema-endpoints';
import { actionsSchema, fileConfigSchema, rateLimitsSchema, registrationSchema, speechSchema } from './schema-features';
import { mcpServersSchema } from './schema-mcp';

/**
 * The application config: a `librechat.yaml`-compatible document (config schema version
 * 1.2.5). Sections are defined by concern in the `schema-*.ts` files next to this one.
 */

export const CONFIG_SCHEMA_VERSION = '1.2.5';

export const IMAGE_OUTPUT_TYPES = ['png', 'webp', 'jpeg'] as const;

/**
 * Newer LibreChat files write some interface toggles as `{ use: boolean, … }` and the terms
 * modal's content as a list of lines; both are folded into the shapes of this version so such
 * files keep working.
 */
function normaliseInterface(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = { ...value };
  for (const toggle of INTERFACE_TOGGLES) {
    const setting = result[toggle];
    if (isPlainObject(setting) && typeof setting.use === 'boolean') result[toggle] = setting.use;
  }
  const terms = result.termsOfService;
  if (
    isPlainObject(terms) &&
    Array.isArray(terms.modalContent) &&
    terms.modalContent.every((l) => typeof l === 'string')
  ) {
    result.termsOfService = { ...terms, modalContent: terms.modalContent.join('\n') };
  }
  return result;
}

export const appConfigSchema = z.object({
  // YAML reads `version: 1.2` as a number; LibreChat's value is a version string.
  version: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string()).default(CONFIG_SCHEMA_VERSION),
  /** LibreChat's switch for its own caching; kept for compatibility. */
  cache: z.boolean().default(true),
  /** LibreChat's file storage choice; here files always live in R2, the value is informational. */
  fileStrategy: z.string().default('local'),
  imageOutputType: z.enum(IMAGE_OUTPUT_TYPES).default('png'),
  secureImageLinks: z.boolean().optional(),
  /** Tool (plugin) keys to offer exclusively / to hide. */
  includedTools: stringList().optional(),
  filteredTools: stringList().optional(),
  interface: z.preprocess(normaliseInterface, interfaceConfigSchema).prefault({}),
  registration: registrationSchema.prefault({}),
  balance: balanceConfigSchema.prefault({}),
  turnstile: turnstileConfigSchema.optional(),
  speech: speechSchema.optional(),
  rateLimits: rateLimitsSchema.optional(),
  actions: actionsSchema.optional(),
  fileConfig: fileConfigSchema.optional(),
  modelSpecs: modelSpecsConfigSchema.optional(),
  mcpServers: mcpServersSchema.optional(),
  endpoints: endpointsSchema.optional(),
});

/** A validated config, defaults applied. */
export type AppConfig = z.output<typeof appConfigSchema>;

export * from './schema-endpoints';
export * from './schema-features';
export * from './schema-mcp';
export { isUserProvided, resolveEnvReference } from './env-reference';
