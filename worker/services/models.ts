/**
 * The models each endpoint offers (`GET /api/models`). Built-in endpoints list LibreChat's
 * variables (OPENAI_MODELS, GOOGLE_MODELS, ANTHROPIC_MODELS, AZURE_OPENAI_MODELS,
 * BEDROCK_AWS_MODELS — comma lists that replace the defaults when set) or the defaults below,
 * which open with the endpoint's default model. Azure lists its config groups' models. Custom
 * endpoints list `models.default`, plus — with `models.fetch: true` — the provider's own
 * `GET {baseURL}/models`, cached per isolate for a few minutes (no KV: a list a few minutes
 * old is fine, and a cold isolate refetching costs one request).
 */
import { DEFAULT_MODELS } from '../contract/model-parameters';
import { errorMessage, log } from '../logging/logger';
import { fetchModelIds, requestHeaders, type OpenAITarget } from '../providers/openai';
import type { FetchLike } from '../providers/types';
import type { CustomEndpointConfig, EndpointsSectionConfig } from './config/schema-endpoints';
import { commaList } from './env-flags';
import { azureGroupModels } from './targets/azure';
import { resolveCustomTarget, stringVars, type ProviderEnv, type UserCredentials } from './targets/openai';

export const DEFAULT_MODEL_LISTS = {
  openAI: [
    DEFAULT_MODELS.openAI,
    'gpt-4o',
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'o4-mini',
    'o3',
    'o3-mini',
    'o1',
    'gpt-4-turbo',
    'gpt-3.5-turbo',
  ],
  google: [
    DEFAULT_MODELS.google,
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.0-flash',
    'gemini-2.0-flash-lite',
    'gemini-1.5-pro-latest',
  ],
  anthropic: [
    DEFAULT_MODELS.anthropic,
    'claude-sonnet-4-20250514',
    'claude-opus-4-20250514',
    'claude-3-7-sonnet-latest',
    'claude-3-5-haiku-latest',
    'claude-3-opus-latest',
  ],
  bedrock: [
    'anthropic.claude-3-5-sonnet-20240620-v1:0',
    'anthropic.claude-3-5-haiku-20241022-v1:0',
    'anthropic.claude-3-haiku-20240307-v1:0',
    'amazon.nova-pro-v1:0',
    'meta.llama3-1-70b-instruct-v1:0',
    'mistral.mistral-large-2407-v1:0',
    'cohere.command-r-plus-v1:0',
  ],
} as const;

const BUILT_IN_VARIABLES = {
  openAI: 'OPENAI_MODELS',
  google: 'GOOGLE_MODELS',
  anthropic: 'ANTHROPIC_MODELS',
  bedrock: 'BEDROCK_AWS_MODELS',
} as const;

export interface ListModelsInput {
  env: ProviderEnv;
  /** The config's `endpoints` section, when a config is loaded. */
  endpoints?: EndpointsSectionConfig;
  fetchFn?: FetchLike;
  /** The signed-in user's own key / base URL for a `user_provided` custom endpoint. */
  userCredentials?: (endpoint: string) => UserCredentials | undefined;
}

/** Every endpoint's list: the built-in ones, then each custom endpoint under its name. */
export async function listModels(input: ListModelsInput): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {
    openAI: builtInModels('openAI', input),
    azureOpenAI: builtInModels('azureOpenAI', input),
    google: builtInModels('google', input),
    anthropic: builtInModels('anthropic', input),
    bedrock: builtInModels('bedrock', input),
  };
  const customs = input.endpoints?.custom ?? [];
  const lists = await Promise.all(customs.map((endpoint) => customModels(endpoint, input)));
  customs.forEach((endpoint, index) => {
    result[endpoint.name] = lists[index] ?? [];
  });
  return result;
}

export function builtInModels(
  endpoint: 'openAI' | 'azureOpenAI' | 'google' | 'anthropic' | 'bedrock',
  input: Pick<ListModelsInput, 'env' | 'endpoints'>,
): string[] {
  const vars = stringVars(input.env);
  if (endpoint === 'azureOpenAI') {
    const fromGroups = azureGroupModels(input.endpoints?.azureOpenAI);
    if (fromGroups.length) return fromGroups;
    const listed = commaList(vars.AZURE_OPENAI_MODELS);
    return listed.length ? listed : [...DEFAULT_MODEL_LISTS.openAI];
  }
  const listed = commaList(vars[BUILT_IN_VARIABLES[endpoint]]);
  return listed.length ? listed : [...DEFAULT_MODEL_LISTS[endpoint]];
}

/**
 * `models.default`, then what the provider lists that is not already there. A fetch that
 * fails (or cannot be made: no user key yet, a refused user URL) leaves the defaults.
 */
export async function customModels(endpoint: CustomEndpointConfig, input: ListModelsInput): Promise<string[]> {
  const defaults = [...endpoint.models.default];
  if (!endpoint.models.fetch) return defaults;
  let target: OpenAITarget;
  try {
    target = resolveCustomTarget(endpoint, input.env, input.userCredentials?.(endpoint.name) ?? {});
  } catch {
    return defaults;
  }
  const key = `${endpoint.name}\n${target.baseURL}\n${await digest(target.apiKey)}`;
  const fetched = await cached(key, () =>
    fetchModelIds(target.baseURL, requestHeaders(target), input.fetchFn ?? fetch),
  );
  return [...new Set([...defaults, ...fetched])];
}

// Per-isolate cache ----------------------------------------------------------------------

export const MODEL_LIST_TTL_MS = 5 * 60_000;
/** A failing provider is asked again soon, but not on every page load. */
export const MODEL_LIST_FAILURE_TTL_MS = 30_000;
const MAX_CACHE_ENTRIES = 200;

interface CacheEntry {
  models: string[];
  expires: number;
}

const cache = new Map<string, CacheEntry>();

/**
 * Resolved lists only are shared: in Workers a promise started by one request must not be
 * awaited by another (its I/O belongs to the first request and may be cancelled with it), so
 * two requests that miss at the same moment each fetch. A failure is cached (as an empty
 * list) briefly.
 */
async function cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.models;
  let entry: CacheEntry;
  try {
    entry = { models: await load(), expires: Date.now() + MODEL_LIST_TTL_MS };
  } catch (error) {
    // The cache is shared by the isolate's requests, so the line belongs to none of them.
    log.warn('model_list_fetch_failed', { error: errorMessage(error) });
    entry = { models: [], expires: Date.now() + MODEL_LIST_FAILURE_TTL_MS };
  }
  cache.delete(key);
  cache.set(key, entry);
  // Bounded: many users with their own keys must not grow it without end. Oldest go first.
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_CACHE_ENTRIES) break;
    cache.delete(oldest);
  }
  return entry.models;
}

/** For tests. */
export function clearModelListCache(): void {
  cache.clear();
}

/** The cache key holds a digest of the key, not the key itself. */
async function digest(secret: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
