import {
  builtinCredentials,
  builtinPlugins as manifestPlugins,
  type BuiltinPlugin,
} from '../../../agent-tools/builtins/manifest';
import type { EnvVars } from '../../../env';
import type { AppConfig } from '../../config/schema';
import { stringVars } from '../../targets/openai';

/**
 * The built-in tools as LibreChat's clients list them (TPlugin), from the tools' manifest
 * (agent-tools/builtins/manifest.ts). `authConfig` names the environment variables a tool needs;
 * alternatives are written `A||B`. A tool the operator's environment covers is `authenticated`.
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

/** librechat.yaml `includedTools` (only these) or else `filteredTools` (all but these). */
function offered(key: string, config: AppConfig): boolean {
  if (config.includedTools?.length) return config.includedTools.includes(key);
  return !config.filteredTools?.includes(key);
}

/** The built-in tools the config offers, each marked `authenticated` when the environment covers it. */
export function builtinPlugins(config: AppConfig, env: EnvVars): Plugin[] {
  return manifestPlugins()
    .filter((plugin) => offered(plugin.pluginKey, config))
    .map((plugin) => (isSystemAuthenticated(plugin.pluginKey, env) ? { ...plugin, authenticated: true } : plugin));
}

/** A built-in tool by key, if the config offers it. */
export function findBuiltinPlugin(key: string, config: AppConfig): BuiltinPlugin | undefined {
  return manifestPlugins().find((plugin) => plugin.pluginKey === key && offered(key, config));
}
