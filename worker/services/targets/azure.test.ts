import { describe, expect, it } from 'vitest';
import { chatCompletionsUrl, streamOpenAIChat } from '../../providers/openai';
import { AZURE_STREAM } from '../../providers/openai/fixtures/compatible-streams';
import { normaliseParameters } from '../../providers/parameters';
import { chunkedResponse, collectEvents, fakeFetch } from '../../providers/testing';
import { ProviderError, type ChatRequest } from '../../providers/types';
import { azureOpenAIEndpointSchema, type AzureOpenAIEndpointConfig } from '../config/schema-endpoints';
import { azureGroupModels, deploymentFromModel, resolveAzureTarget } from './azure';

const ENV = { AZURE_KEY_EASTUS: 'azure-key-east', AZURE_KEY_WEST: 'azure-key-west', MISTRAL_KEY: 'mistral-key' };

const CONFIG: AzureOpenAIEndpointConfig = azureOpenAIEndpointSchema.parse({
  groups: [
    {
      group: 'eastus',
      apiKey: '${AZURE_KEY_EASTUS}',
      instanceName: 'librechat-east',
      deploymentName: 'gpt-4o-deploy',
      version: '2024-10-21',
      additionalHeaders: { 'X-Team': 'blue' },
      addParams: { seed: 1 },
      dropParams: ['frequency_penalty'],
      models: {
        'gpt-4o': true,
        'gpt-4o-mini': { deploymentName: 'mini-deploy', version: '2024-12-01-preview' },
        'gpt-3.5-turbo': false,
      },
    },
    {
      group: 'gateway',
      apiKey: '${AZURE_KEY_WEST}',
      instanceName: 'librechat-west',
      version: '2024-10-21',
      baseURL: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/${INSTANCE_NAME}/${DEPLOYMENT_NAME}',
      models: { 'o3-mini': { deploymentName: 'o3mini' }, 'gpt-4.1': true },
    },
    {
      group: 'mistral-serverless',
      apiKey: '${MISTRAL_KEY}',
      serverless: true,
      baseURL: 'https://Mistral-large-2407-abc.eastus.models.ai.azure.com/v1/',
      models: { 'mistral-large': true },
    },
    {
      group: 'byok',
      apiKey: 'user_provided',
      instanceName: 'byok-instance',
      version: '2024-10-21',
      models: { 'gpt-4-turbo': { deploymentName: 'turbo' } },
    },
  ],
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ProviderError) return error.code;
    throw error;
  }
  return undefined;
}

describe('resolveAzureTarget: groups', () => {
  it("uses the group's instance, deployment, version, key, headers and params", () => {
    const target = resolveAzureTarget('gpt-4o', CONFIG, ENV);
    expect(target).toEqual({
      baseURL: 'https://librechat-east.openai.azure.com/openai/deployments/gpt-4o-deploy',
      apiKey: 'azure-key-east',
      azure: { apiVersion: '2024-10-21' },
      headers: { 'X-Team': 'blue' },
      addParams: { seed: 1 },
      dropParams: ['frequency_penalty'],
    });
    expect(chatCompletionsUrl(target)).toBe(
      'https://librechat-east.openai.azure.com/openai/deployments/gpt-4o-deploy/chat/completions?api-version=2024-10-21',
    );
  });

  it("lets a model's own deployment and version win over the group's", () => {
    const target = resolveAzureTarget('gpt-4o-mini', CONFIG, ENV);
    expect(chatCompletionsUrl(target)).toBe(
      'https://librechat-east.openai.azure.com/openai/deployments/mini-deploy/chat/completions?api-version=2024-12-01-preview',
    );
  });

  it('fills the gateway placeholders of a group base URL', () => {
    const target = resolveAzureTarget('o3-mini', CONFIG, ENV);
    expect(chatCompletionsUrl(target)).toBe(
      'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/librechat-west/o3mini/chat/completions?api-version=2024-10-21',
    );
    expect(target.apiKey).toBe('azure-key-west');
  });

  it('addresses a serverless group by its base URL alone', () => {
    const target = resolveAzureTarget('mistral-large', CONFIG, ENV);
    expect(target.azure).toEqual({});
    expect(chatCompletionsUrl(target)).toBe(
      'https://mistral-large-2407-abc.eastus.models.ai.azure.com/v1/chat/completions',
    );
  });

  it("takes the user's key for a user_provided group", () => {
    expect(resolveAzureTarget('gpt-4-turbo', CONFIG, ENV, { apiKey: 'user-azure-key' }).apiKey).toBe('user-azure-key');
    expect(codeOf(() => resolveAzureTarget('gpt-4-turbo', CONFIG, ENV))).toBe('no_user_key');
  });

  it('refuses a model that no group offers (or that is switched off)', () => {
    expect(codeOf(() => resolveAzureTarget('gpt-9', CONFIG, ENV))).toBe('invalid_request_error');
    expect(codeOf(() => resolveAzureTarget('gpt-3.5-turbo', CONFIG, ENV))).toBe('invalid_request_error');
    expect(codeOf(() => resolveAzureTarget('constructor', CONFIG, ENV))).toBe('invalid_request_error');
  });

  it('lists the models of every group, in order', () => {
    expect(azureGroupModels(CONFIG)).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
      'o3-mini',
      'gpt-4.1',
      'mistral-large',
      'gpt-4-turbo',
    ]);
  });
});

describe('resolveAzureTarget: environment fallback', () => {
  const env = {
    AZURE_API_KEY: 'env-azure-key',
    AZURE_OPENAI_API_INSTANCE_NAME: 'my-instance',
    AZURE_OPENAI_API_DEPLOYMENT_NAME: 'my-deploy',
    AZURE_OPENAI_API_VERSION: '2024-10-21',
  };

  it('builds the deployment URL from the LibreChat variables', () => {
    const target = resolveAzureTarget('gpt-4o', undefined, env);
    expect(chatCompletionsUrl(target)).toBe(
      'https://my-instance.openai.azure.com/openai/deployments/my-deploy/chat/completions?api-version=2024-10-21',
    );
    expect(target.apiKey).toBe('env-azure-key');
  });

  it('uses the model name without dots when no deployment is named', () => {
    const target = resolveAzureTarget('gpt-3.5-turbo', undefined, {
      ...env,
      AZURE_OPENAI_API_DEPLOYMENT_NAME: undefined,
    });
    expect(target.baseURL).toBe('https://my-instance.openai.azure.com/openai/deployments/gpt-35-turbo');
    expect(deploymentFromModel('gpt-4.1-mini')).toBe('gpt-41-mini');
  });

  it('refuses a missing version or an instance name that is not a DNS label', () => {
    expect(codeOf(() => resolveAzureTarget('gpt-4o', undefined, { ...env, AZURE_OPENAI_API_VERSION: undefined }))).toBe(
      'provider_error',
    );
    expect(
      codeOf(() => resolveAzureTarget('gpt-4o', undefined, { ...env, AZURE_OPENAI_API_INSTANCE_NAME: 'evil.com/x#' })),
    ).toBe('provider_error');
  });
});

describe('Azure on the wire', () => {
  it('sends the key in api-key (no Authorization) to the deployment URL', async () => {
    const target = resolveAzureTarget('gpt-4o', CONFIG, ENV);
    const request: ChatRequest = {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      parameters: normaliseParameters('azureOpenAI', 'gpt-4o', {}),
    };
    const fake = fakeFetch(chunkedResponse(AZURE_STREAM));
    const { events, error } = await collectEvents(streamOpenAIChat(target, request, fake.fetch));
    expect(error).toBeUndefined();
    expect(events.map((event) => event.type)).toEqual(['text', 'finish', 'usage']);
    const call = fake.only();
    expect(call.url).toBe(
      'https://librechat-east.openai.azure.com/openai/deployments/gpt-4o-deploy/chat/completions?api-version=2024-10-21',
    );
    expect(call.headers.get('api-key')).toBe('azure-key-east');
    expect(call.headers.has('authorization')).toBe(false);
    expect(call.headers.get('x-team')).toBe('blue');
    expect(call.body).toMatchObject({ model: 'gpt-4o', seed: 1, stream: true });
    expect(call.body).not.toHaveProperty('frequency_penalty');
  });
});
