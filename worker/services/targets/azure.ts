/**
 * Azure OpenAI targets. Azure addresses a deployment, not a model: the model the user picked
 * is looked up in the config's groups (each model belongs to one group, which the config
 * schema guarantees) for its instance, deployment, API version and key. Without groups the
 * LibreChat variables are used: AZURE_API_KEY, AZURE_OPENAI_API_INSTANCE_NAME,
 * AZURE_OPENAI_API_DEPLOYMENT_NAME, AZURE_OPENAI_API_VERSION.
 */
import type { OpenAITarget } from '../../providers/openai';
import { ProviderError } from '../../providers/types';
import { resolveEnvReference } from '../config/env-reference';
import type { AzureOpenAIEndpointConfig } from '../config/schema-endpoints';
import {
  chooseApiKey,
  resolveOperatorHeaders,
  stringVars,
  type HeaderUser,
  type ProviderEnv,
  type UserCredentials,
} from './openai';

type AzureGroup = AzureOpenAIEndpointConfig['groups'][number];

/** An Azure resource name is a DNS label; anything else must not be spliced into a host. */
const INSTANCE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62})$/i;

export function resolveAzureTarget(
  model: string,
  config: AzureOpenAIEndpointConfig | undefined,
  env: ProviderEnv,
  user: UserCredentials = {},
  headerUser: HeaderUser = {},
): OpenAITarget {
  return config?.groups.length ? fromGroups(model, config.groups, env, user, headerUser) : fromEnv(model, env, user);
}

/** The models the groups offer (for the model list), in config order. */
export function azureGroupModels(config: AzureOpenAIEndpointConfig | undefined): string[] {
  return (config?.groups ?? []).flatMap((group) =>
    Object.entries(group.models)
      .filter(([, entry]) => entry !== false)
      .map(([name]) => name),
  );
}

function fromGroups(
  model: string,
  groups: AzureGroup[],
  env: ProviderEnv,
  user: UserCredentials,
  headerUser: HeaderUser,
): OpenAITarget {
  const group = groups.find((candidate) => Object.hasOwn(candidate.models, model) && candidate.models[model] !== false);
  if (!group)
    throw new ProviderError('invalid_request_error', `The model "${model}" is not configured for Azure OpenAI.`);
  const vars = stringVars(env);
  const entry = group.models[model];
  const own = typeof entry === 'object' ? entry : {};
  const deployment = own.deploymentName ?? group.deploymentName ?? deploymentFromModel(model);
  const apiVersion = own.version ?? group.version ?? vars.AZURE_OPENAI_API_VERSION;
  if (!group.serverless && !apiVersion)
    throw new ProviderError('provider_error', `Azure OpenAI group "${group.group}" has no API version.`);
  const target: OpenAITarget = {
    baseURL: groupBaseURL(group, deployment, vars),
    apiKey: chooseApiKey(`Azure OpenAI group "${group.group}"`, group.apiKey, env, user),
    azure: apiVersion ? { apiVersion } : {},
  };
  if (group.additionalHeaders) target.headers = resolveOperatorHeaders(group.additionalHeaders, env, headerUser);
  if (group.addParams) target.addParams = group.addParams;
  if (group.dropParams) target.dropParams = group.dropParams;
  return target;
}

/**
 * Serverless groups (Azure AI model inference) are addressed by their base URL alone. A
 * regular group's base URL (an API gateway in front of Azure) may name the instance and
 * deployment with LibreChat's `${INSTANCE_NAME}` / `${DEPLOYMENT_NAME}` placeholders.
 */
function groupBaseURL(group: AzureGroup, deployment: string, vars: Record<string, string | undefined>): string {
  const configured = group.baseURL === undefined ? undefined : resolveEnvReference(group.baseURL, vars);
  if (group.serverless) {
    if (!configured) throw new ProviderError('provider_error', `Azure OpenAI group "${group.group}" has no base URL.`);
    return configured;
  }
  const instance = group.instanceName === undefined ? undefined : resolveEnvReference(group.instanceName, vars);
  if (configured) {
    return configured
      .replaceAll('${INSTANCE_NAME}', () => encodeURIComponent(instance ?? ''))
      .replaceAll('${DEPLOYMENT_NAME}', () => encodeURIComponent(deployment));
  }
  return deploymentURL(instance, deployment, `group "${group.group}"`);
}

function fromEnv(model: string, env: ProviderEnv, user: UserCredentials): OpenAITarget {
  const vars = stringVars(env);
  const apiVersion = vars.AZURE_OPENAI_API_VERSION?.trim();
  if (!apiVersion)
    throw new ProviderError('provider_error', 'Azure OpenAI has no API version (AZURE_OPENAI_API_VERSION).');
  const deployment = vars.AZURE_OPENAI_API_DEPLOYMENT_NAME?.trim() || deploymentFromModel(model);
  return {
    baseURL: deploymentURL(vars.AZURE_OPENAI_API_INSTANCE_NAME?.trim(), deployment, 'AZURE_OPENAI_API_INSTANCE_NAME'),
    apiKey: chooseApiKey('Azure OpenAI', vars.AZURE_API_KEY, env, user),
    azure: { apiVersion },
  };
}

function deploymentURL(instance: string | undefined, deployment: string, where: string): string {
  if (!instance || !INSTANCE_NAME.test(instance)) {
    throw new ProviderError('provider_error', `Azure OpenAI has no valid instance name (${where}).`);
  }
  return `https://${instance}.openai.azure.com/openai/deployments/${encodeURIComponent(deployment)}`;
}

/**
 * LibreChat's fallback when no deployment is named: the model name without dots, as Azure
 * deployment names cannot hold them (gpt-3.5-turbo → gpt-35-turbo).
 */
export function deploymentFromModel(model: string): string {
  return model.replaceAll('.', '');
}
