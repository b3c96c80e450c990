/**
 * Which endpoint a send is for, and what the operator configured for it. The path names the
 * endpoint (`/api/ask/openAI`), except for custom endpoints, which post to `/api/ask/custom`
 * with their real name in the body's `endpoint` (LibreChat's client also posts some to
 * `/api/ask/{name}`; both are accepted). An endpoint is usable only when `/api/endpoints`
 * offers it (configured key or config section, allowed by ENDPOINTS), so the two never disagree.
 */
import type { ParameterEndpointKind } from '../../providers/parameters';
import { builtInModels } from '../models';
import type { EnvVars } from '../../env';
import { buildEndpointsConfig } from '../endpoints-config';
import type { AppConfig, BaseEndpointConfig, CustomEndpointConfig } from '../config/schema';

export type EndpointKind = ParameterEndpointKind;

export interface ChatEndpoint {
  /** Saved as the conversation's and the messages' `endpoint` (a custom endpoint's own name). */
  name: string;
  kind: EndpointKind;
  /** `custom` for custom endpoints (the conversation's `endpointType`), else null. */
  endpointType: 'custom' | null;
  custom?: CustomEndpointConfig;
}

/** The built-in endpoints the chat engine serves on `/api/ask/{endpoint}`. */
const ASK_ENDPOINTS = ['openAI', 'azureOpenAI', 'google', 'anthropic'] as const;
type AskEndpoint = (typeof ASK_ENDPOINTS)[number];

function isAskEndpoint(name: string): name is AskEndpoint {
  return (ASK_ENDPOINTS as readonly string[]).includes(name);
}

/**
 * The endpoint of a send, or null when it is unknown or not offered. `routeEndpoint` is the
 * path segment, or `bedrock` for `/api/bedrock/chat`.
 */
export function identifyEndpoint(
  routeEndpoint: string,
  bodyEndpoint: string,
  config: AppConfig,
  env: EnvVars,
): ChatEndpoint | null {
  const offered = buildEndpointsConfig(config, env);
  if (routeEndpoint === 'bedrock')
    return offered.bedrock ? { name: 'bedrock', kind: 'bedrock', endpointType: null } : null;
  if (isAskEndpoint(routeEndpoint)) {
    return offered[routeEndpoint] ? { name: routeEndpoint, kind: routeEndpoint, endpointType: null } : null;
  }
  const name = routeEndpoint === 'custom' ? bodyEndpoint : routeEndpoint;
  const custom = config.endpoints?.custom?.find((candidate) => candidate.name === name);
  if (!custom || offered[name]?.type !== 'custom') return null;
  return { name, kind: 'custom', endpointType: 'custom', custom };
}

/** The endpoint's own config section (titles), falling back to `endpoints.all`. */
export function endpointSettings(endpoint: ChatEndpoint, config: AppConfig): BaseEndpointConfig {
  const all = config.endpoints?.all ?? {};
  if (endpoint.custom) return { ...all, ...stripUndefined(endpoint.custom) };
  const sections = config.endpoints ?? {};
  const own: BaseEndpointConfig | undefined =
    endpoint.kind === 'azureOpenAI'
      ? sections.azureOpenAI
      : endpoint.kind === 'openAI' ||
          endpoint.kind === 'google' ||
          endpoint.kind === 'anthropic' ||
          endpoint.kind === 'bedrock'
        ? sections[endpoint.kind]
        : undefined;
  return { ...all, ...stripUndefined(own ?? {}) };
}

/**
 * The models a send may name (LibreChat's `illegal_model_request` check): the endpoint's list,
 * or null when any model is allowed (a custom endpoint that fetches the provider's list).
 */
export function allowedModels(endpoint: ChatEndpoint, config: AppConfig, env: EnvVars): string[] | null {
  if (endpoint.custom) return endpoint.custom.models.fetch ? null : endpoint.custom.models.default;
  const kind = endpoint.kind === 'custom' ? 'openAI' : endpoint.kind;
  return builtInModels(kind, { env, endpoints: config.endpoints });
}

/** The model used when a send names none: the first the endpoint offers. */
export function defaultModel(endpoint: ChatEndpoint, config: AppConfig, env: EnvVars): string | undefined {
  if (endpoint.custom) return endpoint.custom.models.default[0];
  return allowedModels(endpoint, config, env)?.[0];
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) Object.assign(result, { [key]: entry });
  return result;
}
