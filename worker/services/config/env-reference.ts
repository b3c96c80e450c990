/**
 * Credentials in `librechat.yaml` are written as `${ENV_VAR}` references (or the literal
 * `user_provided`) so the file itself holds no secret. The config keeps them as written; they
 * are resolved against the Worker's environment only when a provider is called.
 */

/** The value that makes an endpoint ask each user for their own key or URL. */
export const USER_PROVIDED = 'user_provided';

/** `${NAME}` as the whole value, nothing before or after it. */
const WHOLE_ENV_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function isUserProvided(value: string | undefined): boolean {
  return value === USER_PROVIDED;
}

/** The variable name when `value` is exactly one `${NAME}` reference, otherwise undefined. */
export function envReferenceName(value: string): string | undefined {
  return WHOLE_ENV_REFERENCE.exec(value.trim())?.[1];
}

export function isEnvReference(value: string): boolean {
  return envReferenceName(value) !== undefined;
}

/**
 * Expands `value` when it is a whole-value `${NAME}` reference: the variable's value, or
 * undefined when it is unset or empty. Any other string is returned unchanged — references
 * embedded in a longer string (`https://x/?k=${JWT_SECRET}`) are deliberately NOT expanded,
 * so a string that a user can influence can never be used to read a secret out of the
 * environment.
 */
export function resolveEnvReference(value: string, env: Record<string, string | undefined>): string | undefined {
  const name = envReferenceName(value);
  if (name === undefined) return value;
  // Own properties only: a name such as `constructor` must not reach Object.prototype.
  if (!Object.prototype.hasOwnProperty.call(env, name)) return undefined;
  const resolved: unknown = env[name];
  // Bindings (D1, KV…) share the env object with variables; only a non-empty string is a value.
  return typeof resolved === 'string' && resolved !== '' ? resolved : undefined;
}
