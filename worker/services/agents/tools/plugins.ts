import { CALCULATOR_KEY } from '../../../agent-tools/builtins/calculator';
import type { AppConfig } from '../../config/schema';
import { isUserProvided } from '../../config/env-reference';

/**
 * The built-in tools as LibreChat's clients list them (TPlugin), limited to those this server
 * can run. `authConfig` names the environment variables a tool needs; alternatives are written
 * `A||B`. A tool whose every field has a value in the environment is `authenticated`.
 */
export interface PluginAuthField {
  authField: string;
  label: string;
  description: string;
}

export interface Plugin {
  name: string;
  pluginKey: string;
  description: string;
  icon?: string;
  authConfig?: PluginAuthField[];
  authenticated?: boolean;
  chatMenu?: boolean;
}

const BUILTIN_PLUGINS: readonly Plugin[] = [
  {
    name: 'Calculator',
    pluginKey: CALCULATOR_KEY,
    description: 'Works out arithmetic expressions exactly, so answers with numbers do not rest on guesses.',
    authConfig: [],
  },
];

/** The Worker's environment: variables beside bindings, read by name. */
type Vars = object;

/** Whether the environment holds a value for the field (one of `A||B` is enough). */
function fieldSet(field: string, vars: Vars): boolean {
  return field.split('||').some((name) => {
    const own = Object.prototype.hasOwnProperty.call(vars, name.trim());
    const value: unknown = own ? (vars as Record<string, unknown>)[name.trim()] : undefined;
    return typeof value === 'string' && value.trim() !== '' && !isUserProvided(value.trim());
  });
}

/** Every field set by the operator: users need not install the tool with their own keys. */
export function isSystemAuthenticated(plugin: Plugin, vars: Vars): boolean {
  return (plugin.authConfig ?? []).every((field) => fieldSet(field.authField, vars));
}

/** librechat.yaml `includedTools` (only these) or else `filteredTools` (all but these). */
function offered(key: string, config: AppConfig): boolean {
  if (config.includedTools?.length) return config.includedTools.includes(key);
  return !config.filteredTools?.includes(key);
}

/** The built-in tools the config offers, each marked `authenticated` when the environment covers it. */
export function builtinPlugins(config: AppConfig, vars: Vars): Plugin[] {
  return BUILTIN_PLUGINS.filter((plugin) => offered(plugin.pluginKey, config)).map((plugin) =>
    isSystemAuthenticated(plugin, vars) ? { ...plugin, authenticated: true } : { ...plugin },
  );
}

/** A built-in tool by key, if the config offers it. */
export function findBuiltinPlugin(key: string, config: AppConfig): Plugin | undefined {
  return builtinPlugins(config, {}).find((plugin) => plugin.pluginKey === key);
}
