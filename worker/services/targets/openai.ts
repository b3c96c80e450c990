/**
 * Where an openAI or custom endpoint's request goes, with which key and headers. Two trust
 * levels meet here and must not mix:
 * - operator values (environment, config file) are trusted: their base URL is used as is
 *   (the local mock on 127.0.0.1 is configured that way) and a whole-value `${VAR}` in them is
 *   expanded from the environment;
 * - user values (their own key or base URL, for `user_provided` endpoints; their id or email in
 *   header placeholders) are used verbatim, never expanded — a user's `${JWT_SECRET}` stays
 *   that text — and a user's base URL must pass the SSRF guard.
 */
import type { EnvVars } from '../../env';
import type { OpenAITarget } from '../../providers/openai';
import { ProviderError } from '../../providers/types';
import { assertPublicHttpUrl, UrlNotAllowedError } from '../../providers/url-guard';
import { isUserProvided, resolveEnvReference } from '../config/env-reference';
import type { CustomEndpointConfig } from '../config/schema-endpoints';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** What the user supplied for a `user_provided` endpoint (from their stored keys). */
export interface UserCredentials {
  apiKey?: string;
  baseURL?: string;
}

/** Values LibreChat lets operators place in custom headers. */
export interface HeaderUser {
  id?: string;
  email?: string;
}

/**
 * The Worker's env: LibreChat's variables plus whatever `${VAR}` the config references (and
 * bindings, which are never values). Typed loosely so tests can pass a plain object.
 */
export type ProviderEnv = EnvVars | Readonly<Record<string, unknown>>;

/** The env's string variables, the only things a `${VAR}` reference may read. */
export function stringVars(env: ProviderEnv): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') vars[name] = value;
  return vars;
}

/** The built-in openAI endpoint: OPENAI_API_KEY, OPENAI_REVERSE_PROXY, OPENAI_ORGANIZATION. */
export function resolveOpenAITarget(env: EnvVars, user: UserCredentials = {}): OpenAITarget {
  const apiKey = chooseApiKey('openAI', env.OPENAI_API_KEY, env, user);
  const proxy = env.OPENAI_REVERSE_PROXY?.trim();
  const baseURL = proxy ? chooseBaseURL('openAI', proxy, env, user) : OPENAI_DEFAULT_BASE_URL;
  const organization = env.OPENAI_ORGANIZATION?.trim();
  return { baseURL, apiKey, ...(organization ? { headers: { 'OpenAI-Organization': organization } } : {}) };
}

/** A custom endpoint from the config's `endpoints.custom`. */
export function resolveCustomTarget(
  endpoint: CustomEndpointConfig,
  env: ProviderEnv,
  user: UserCredentials = {},
  headerUser: HeaderUser = {},
): OpenAITarget {
  const target: OpenAITarget = {
    baseURL: chooseBaseURL(endpoint.name, endpoint.baseURL, env, user),
    apiKey: chooseApiKey(endpoint.name, endpoint.apiKey, env, user),
  };
  if (endpoint.headers) target.headers = resolveOperatorHeaders(endpoint.headers, env, headerUser);
  if (endpoint.addParams) target.addParams = endpoint.addParams;
  if (endpoint.dropParams) target.dropParams = endpoint.dropParams;
  return target;
}

/**
 * The operator's configured headers. Each value is first expanded as a whole-value `${VAR}`
 * (resolveEnvReference; an unset variable drops the header rather than sending its name), and
 * only then are `{{LIBRECHAT_USER_ID}}` / `{{LIBRECHAT_USER_EMAIL}}` filled in — in that order
 * so that a user's value is never itself expanded (LibreChat's advisory: secrets expanded
 * into user-supplied header values).
 */
export function resolveOperatorHeaders(
  headers: Record<string, string>,
  env: ProviderEnv,
  user: HeaderUser = {},
): Record<string, string> {
  const resolved: Record<string, string> = {};
  const vars = stringVars(env);
  for (const [name, template] of Object.entries(headers)) {
    const value = resolveEnvReference(template, vars);
    if (value === undefined) continue;
    resolved[name] = value
      .replaceAll('{{LIBRECHAT_USER_ID}}', () => user.id ?? '')
      .replaceAll('{{LIBRECHAT_USER_EMAIL}}', () => user.email ?? '');
  }
  return resolved;
}

/** The configured key: the user's for `user_provided`, else the operator's (with `${VAR}`). */
export function chooseApiKey(
  endpoint: string,
  configured: string | undefined,
  env: ProviderEnv,
  user: UserCredentials,
): string {
  if (isUserProvided(configured)) {
    if (!user.apiKey) throw new ProviderError('no_user_key', `${endpoint} needs your own API key.`);
    return user.apiKey;
  }
  const key = configured === undefined ? undefined : resolveEnvReference(configured, stringVars(env));
  if (key === undefined) throw new ProviderError('provider_error', `${endpoint} has no API key configured.`);
  return key;
}

/** The configured base URL: the user's (SSRF-checked) for `user_provided`, else the operator's. */
export function chooseBaseURL(endpoint: string, configured: string, env: ProviderEnv, user: UserCredentials): string {
  if (isUserProvided(configured)) {
    if (!user.baseURL) throw new ProviderError('no_base_url', `${endpoint} needs your own base URL.`);
    return checkedUserURL(user.baseURL);
  }
  const url = resolveEnvReference(configured, stringVars(env));
  if (url === undefined) throw new ProviderError('provider_error', `${endpoint} has no base URL configured.`);
  return url;
}

function checkedUserURL(url: string): string {
  try {
    return assertPublicHttpUrl(url).toString();
  } catch (error) {
    if (error instanceof UrlNotAllowedError)
      throw new ProviderError('invalid_request_error', error.message, undefined, { cause: error });
    throw error;
  }
}
