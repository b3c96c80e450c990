import { z } from 'zod';

/**
 * The `user_keys` names of users' tool credentials start with this (`tool:<pluginKey>:<FIELD>`);
 * the endpoint keys' routes (/api/keys) neither take nor touch such names.
 */
export const USER_TOOL_KEY_PREFIX = 'tool:';

/** Bounds of `POST /api/user/plugins`: a tool has a handful of settings, each a key or a URL. */
export const USER_PLUGIN_LIMITS = { fieldsMax: 8, fieldNameMax: 128, valueMax: 4_096, pluginKeyMax: 256 } as const;

/**
 * `POST /api/user/plugins`: installs a tool with the user's own values for its settings (env
 * names, as the tool's `authConfig` lists them), or uninstalls it and forgets them.
 * `isEntityTool`: the tool is being added to an agent, not to the user's own plugins list.
 */
export const userPluginBodySchema = z.object({
  pluginKey: z.string().trim().min(1, 'pluginKey is required').max(USER_PLUGIN_LIMITS.pluginKeyMax),
  action: z.enum(['install', 'uninstall'], { error: "action must be 'install' or 'uninstall'" }),
  auth: z
    .record(
      z.string().max(USER_PLUGIN_LIMITS.fieldNameMax),
      z
        .string()
        .trim()
        .min(1, 'each setting needs a value')
        .max(USER_PLUGIN_LIMITS.valueMax, `a setting is at most ${USER_PLUGIN_LIMITS.valueMax} characters`),
    )
    .refine((auth) => Object.keys(auth).length <= USER_PLUGIN_LIMITS.fieldsMax, 'too many settings')
    .nullish(),
  isEntityTool: z.boolean().nullish(),
});
