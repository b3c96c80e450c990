/**
 * Resolves an endpoint and model to a {@link ProviderTarget}: base URL and credentials, from
 * LibreChat's variables and the config, or the user's own stored key for `user_provided`
 * endpoints. The OpenAI family reuses services/targets' resolvers (SSRF-checked user URLs,
 * operator headers); Anthropic, Google and Bedrock follow the same rules here.
 */
import type { EnvVars } from '../../env';
import type { ProviderTarget } from '../../providers/registry';
import { ProviderError } from '../../providers/types';
import { isUserProvided, resolveEnvReference, type AppConfig } from '../config/schema';
import { resolveAzureTarget } from '../targets/azure';
import {
  chooseApiKey,
  chooseBaseURL,
  resolveCustomTarget,
  resolveOpenAITarget,
  stringVars,
  type HeaderUser,
} from '../targets/openai';
import type { ChatEndpoint } from './endpoint';
import type { StoredUserCredentials } from './user-credentials';

/** Bedrock's default region when neither the conversation nor BEDROCK_AWS_DEFAULT_REGION names one. */
const DEFAULT_BEDROCK_REGION = 'us-east-1';
/**
 * An AWS region name (us-east-1, ap-southeast-2, us-gov-west-1). The region is spliced into
 * the Bedrock host name, so anything else would let a request body pick the host.
 */
const AWS_REGION = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;

/** Which of the endpoint's credentials each user brings (`user_provided`). */
export function credentialNeeds(
  endpoint: ChatEndpoint,
  model: string,
  env: EnvVars,
  config: AppConfig,
): { key: boolean; url: boolean } {
  switch (endpoint.kind) {
    case 'openAI':
      return { key: isUserProvided(env.OPENAI_API_KEY), url: isUserProvided(env.OPENAI_REVERSE_PROXY) };
    case 'azureOpenAI': {
      const group = config.endpoints?.azureOpenAI?.groups.find((candidate) => Object.hasOwn(candidate.models, model));
      return { key: isUserProvided(group ? group.apiKey : env.AZURE_API_KEY), url: false };
    }
    case 'custom':
      return { key: isUserProvided(endpoint.custom?.apiKey), url: isUserProvided(endpoint.custom?.baseURL) };
    case 'google':
      return { key: isUserProvided(env.GOOGLE_KEY), url: isUserProvided(env.GOOGLE_REVERSE_PROXY) };
    case 'anthropic':
      return { key: isUserProvided(env.ANTHROPIC_API_KEY), url: isUserProvided(env.ANTHROPIC_REVERSE_PROXY) };
    case 'bedrock':
      return {
        key: isUserProvided(env.BEDROCK_AWS_ACCESS_KEY_ID) || isUserProvided(env.BEDROCK_AWS_SECRET_ACCESS_KEY),
        url: false,
      };
  }
}

export interface TargetInput {
  endpoint: ChatEndpoint;
  model: string;
  env: EnvVars;
  config: AppConfig;
  user: StoredUserCredentials;
  headerUser: HeaderUser;
  /** The conversation's `region` option (Bedrock). */
  region?: string | undefined;
}

/** Throws ProviderError (no_user_key, no_base_url, misconfiguration) when it cannot. */
export function resolveProviderTarget(input: TargetInput): ProviderTarget {
  const { endpoint, model, env, config, user, headerUser } = input;
  switch (endpoint.kind) {
    case 'openAI':
      return { provider: 'openai', target: resolveOpenAITarget(env, user) };
    case 'azureOpenAI':
      return {
        provider: 'openai',
        target: resolveAzureTarget(model, config.endpoints?.azureOpenAI, env, user, headerUser),
      };
    case 'custom': {
      if (!endpoint.custom) throw new ProviderError('provider_error', `${endpoint.name} is not configured.`);
      return { provider: 'openai', target: resolveCustomTarget(endpoint.custom, env, user, headerUser) };
    }
    case 'anthropic': {
      const apiKey = chooseApiKey('anthropic', env.ANTHROPIC_API_KEY, env, user);
      const proxy = env.ANTHROPIC_REVERSE_PROXY?.trim();
      return {
        provider: 'anthropic',
        target: { apiKey, ...(proxy ? { baseURL: chooseBaseURL('anthropic', proxy, env, user) } : {}) },
      };
    }
    case 'google': {
      const apiKey = chooseApiKey('google', env.GOOGLE_KEY, env, user);
      const proxy = env.GOOGLE_REVERSE_PROXY?.trim();
      return {
        provider: 'google',
        target: { apiKey, ...(proxy ? { baseURL: chooseBaseURL('google', proxy, env, user) } : {}) },
      };
    }
    case 'bedrock':
      return { provider: 'bedrock', target: bedrockTarget(input) };
  }
}

function bedrockTarget({ env, config, user, region: requested }: TargetInput) {
  const fromUser = isUserProvided(env.BEDROCK_AWS_ACCESS_KEY_ID) || isUserProvided(env.BEDROCK_AWS_SECRET_ACCESS_KEY);
  const accessKeyId = fromUser ? user.accessKeyId : env.BEDROCK_AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = fromUser ? user.secretAccessKey : env.BEDROCK_AWS_SECRET_ACCESS_KEY?.trim();
  const sessionToken = fromUser ? user.sessionToken : env.BEDROCK_AWS_SESSION_TOKEN?.trim();
  if (!accessKeyId || !secretAccessKey) {
    if (fromUser) throw new ProviderError('no_user_key', 'Bedrock needs your own AWS credentials.');
    throw new ProviderError('provider_error', 'Bedrock has no AWS credentials configured.');
  }
  const settings = config.endpoints?.bedrock;
  const region = requested?.trim() || env.BEDROCK_AWS_DEFAULT_REGION?.trim() || DEFAULT_BEDROCK_REGION;
  const offered = settings?.availableRegions;
  if (!AWS_REGION.test(region) || (offered?.length && !offered.includes(region))) {
    throw new ProviderError('invalid_request_error', `The Bedrock region "${region}" is not available.`);
  }
  // An operator's endpoint override (a VPC endpoint, the local mock); never a user's value.
  const configured = settings?.baseURL?.trim();
  const endpointOverride = configured ? resolveEnvReference(configured, stringVars(env)) : undefined;
  return {
    region,
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(endpointOverride ? { endpoint: endpointOverride } : {}),
  };
}
