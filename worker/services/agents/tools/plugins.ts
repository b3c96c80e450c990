import {
  builtinCredentials,
  builtinPlugins as manifestPlugins,
  type BuiltinPlugin,
} from '../../../agent-tools/builtins/manifest';
import type { EnvVars } from '../../../env';
import type { AppConfig } from '../../config/schema';
import { stringVars } from '../../targets/openai';
import type { UserToolValues } from './user-tools';

/**
 * The built-in tools as LibreChat's clients list them (TPlugin), from the tools' manifest
 * (agent-tools/builtins/manifest.ts). `authConfig` names the environment variables a tool needs;
 * alternatives are written `A||B`. A tool the operator's environment or the user's own installed
 * values cover is `authenticated`.
 */
export interface Plugin extends Omit<BuiltinPlugin, 'icon' | 'authConfig'> {
  icon?: string;
  authConfig?: BuiltinPlugin['authConfig'];
  authenticated?: boolean;
  chatMenu?: boolean;
}

/** Every required field set by the operator: users need not install the tool with their own keys. */
export function isSystemAuthenticated(key: string, env: EnvVars): boolean {
  return builtinCredentials(key, { env: stringVars(env) }) !== null;
}

/** Every required field set by the user's own values (installed with POST /api/user/plugins). */
export function isUserAuthenticated(key: string, user: UserToolValues): boolean {
  const values = user.get(key);
  return values !== undefined && builtinCredentials(key, { env: {}, user: values }) !== null;
}

/** librechat.yaml `includedTools` (only these) or else `filteredTools` (all but these). */
export function offered(key: string, config: AppConfig): boolean {
  if (config.includedTools?.length) return config.includedTools.includes(key);
  return !config.filteredTools?.includes(key);
}

/**
 * The built-in tools the config offers, each marked `authenticated` when the environment or the
 * user's values cover it. The values themselves never appear in the list.
 */
export function builtinPlugins(config: AppConfig, env: EnvVars, user: UserToolValues = new Map()): Plugin[] {
  return manifestPlugins()
    .filter((plugin) => offered(plugin.pluginKey, config))
    .map((plugin) =>
      isSystemAuthenticated(plugin.pluginKey, env) || isUserAuthenticated(plugin.pluginKey, user)
        ? { ...plugin, authenticated: true }
        : plugin,
    );
}

/** A built-in tool by key, if the config offers it. */
export function findBuiltinPlugin(key: string, config: AppConfig): BuiltinPlugin | undefined {
  return manifestPlugins().find((plugin) => plugin.pluginKey === key && offered(key, config));
}
