import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../providers/testing';
import { endpointsSchema, type CustomEndpointConfig, type EndpointsSectionConfig } from './config/schema-endpoints';
import {
  builtInModels,
  clearModelListCache,
  customModels,
  listModels,
  MODEL_LIST_FAILURE_TTL_MS,
  MODEL_LIST_TTL_MS,
} from './models';

const MODEL_LIST = {
  object: 'list',
  data: [
    { id: 'llama3.1:8b', object: 'model', created: 1700000000, owned_by: 'library' },
    { id: 'qwen2.5:14b', object: 'model', created: 1700000000, owned_by: 'library' },
    { id: 'mistral:latest', object: 'model', created: 1700000000, owned_by: 'library' },
  ],
};

const ENDPOINTS: EndpointsSectionConfig = endpointsSchema.parse({
  custom: [
    {
      name: 'Ollama',
      apiKey: 'ollama',
      baseURL: 'http://127.0.0.1:11434/v1/',
      models: { default: ['mistral:latest', 'phi3'], fetch: true },
    },
    {
      name: 'Groq',
      apiKey: '${GROQ_KEY}',
      baseURL: 'https://api.groq.com/openai/v1',
      headers: { 'X-Team': 'blue' },
      models: { default: ['llama-3.3-70b-versatile'], fetch: true },
    },
    { name: 'Static', apiKey: 'k', baseURL: 'https://static.example.com/v1', models: { default: ['only-this'] } },
    {
      name: 'BYOK',
      apiKey: 'user_provided',
      baseURL: 'user_provided',
      models: { default: ['byok-default'], fetch: true },
    },
  ],
  azureOpenAI: {
    groups: [
      {
        group: 'east',
        apiKey: 'k',
        instanceName: 'east',
        version: '2024-10-21',
        models: { 'gpt-4o': true, 'gpt-4o-mini': { deploymentName: 'mini' } },
      },
    ],
  },
});

function endpoint(name: string): CustomEndpointConfig {
  const found = ENDPOINTS.custom?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
}

let now = 1_750_000_000_000;
beforeEach(() => {
  clearModelListCache();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('built-in endpoints', () => {
  it('open their default lists with the endpoint default models', () => {
    expect(builtInModels('openAI', { env: {} })[0]).toBe('gpt-4o-mini');
    expect(builtInModels('google', { env: {} })[0]).toBe('gemini-1.5-flash-latest');
    expect(builtInModels('anthropic', { env: {} })[0]).toBe('claude-3-5-sonnet-latest');
    expect(builtInModels('bedrock', { env: {} }).length).toBeGreaterThan(0);
  });

  it("use the operator's comma lists instead when set", () => {
    const env = {
      OPENAI_MODELS: 'gpt-4o, o3-mini,,',
      GOOGLE_MODELS: 'gemini-2.0-flash',
      ANTHROPIC_MODELS: 'claude-3-7-sonnet-latest',
      BEDROCK_AWS_MODELS: 'amazon.nova-lite-v1:0',
    };
    expect(builtInModels('openAI', { env })).toEqual(['gpt-4o', 'o3-mini']);
    expect(builtInModels('google', { env })).toEqual(['gemini-2.0-flash']);
    expect(builtInModels('anthropic', { env })).toEqual(['claude-3-7-sonnet-latest']);
    expect(builtInModels('bedrock', { env })).toEqual(['amazon.nova-lite-v1:0']);
  });

  it('list Azure models from the config groups, else AZURE_OPENAI_MODELS, else the OpenAI defaults', () => {
    expect(builtInModels('azureOpenAI', { env: { AZURE_OPENAI_MODELS: 'x' }, endpoints: ENDPOINTS })).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
    ]);
    expect(builtInModels('azureOpenAI', { env: { AZURE_OPENAI_MODELS: 'gpt-4o,gpt-35-turbo' } })).toEqual([
      'gpt-4o',
      'gpt-35-turbo',
    ]);
    expect(builtInModels('azureOpenAI', { env: {} })[0]).toBe('gpt-4o-mini');
  });
});

describe('custom endpoints', () => {
  it('list models.default without fetching when fetch is off', async () => {
    const fake = fakeFetch(jsonResponse(MODEL_LIST));
    expect(await customModels(endpoint('Static'), { env: {}, fetchFn: fake.fetch })).toEqual(['only-this']);
    expect(fake.calls).toHaveLength(0);
  });

  it('fetch GET {baseURL}/models and merge it after the defaults, without duplicates', async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    const models = await customModels(endpoint('Ollama'), { env: {}, fetchFn: fake.fetch });
    expect(models).toEqual(['mistral:latest', 'phi3', 'llama3.1:8b', 'qwen2.5:14b']);
    const call = fake.only();
    expect(call.url).toBe('http://127.0.0.1:11434/v1/models');
    expect(call.method).toBe('GET');
    expect(call.redirect).toBe('manual');
    expect(call.headers.get('authorization')).toBe('Bearer ollama');
  });

  it('send the resolved key and configured headers', async () => {
    const fake = fakeFetch(() => jsonResponse({ object: 'list', data: [{ id: 'llama-3.1-8b-instant' }] }));
    const models = await customModels(endpoint('Groq'), { env: { GROQ_KEY: 'gsk_secret' }, fetchFn: fake.fetch });
    expect(models).toEqual(['llama-3.3-70b-versatile', 'llama-3.1-8b-instant']);
    expect(fake.only().headers.get('authorization')).toBe('Bearer gsk_secret');
    expect(fake.only().headers.get('x-team')).toBe('blue');
  });

  it('cache the fetched list for a few minutes, then fetch again', async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    const input = { env: {}, fetchFn: fake.fetch };
    await customModels(endpoint('Ollama'), input);
    now += MODEL_LIST_TTL_MS - 1;
    await customModels(endpoint('Ollama'), input);
    expect(fake.calls).toHaveLength(1);
    now += 2;
    await customModels(endpoint('Ollama'), input);
    expect(fake.calls).toHaveLength(2);
  });

  it('serve a fetched list from the cache to later callers', async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    const input = { env: {}, fetchFn: fake.fetch };
    const first = await customModels(endpoint('Ollama'), input);
    const second = await customModels(endpoint('Ollama'), input);
    expect(first).toEqual(second);
    expect(fake.calls).toHaveLength(1);
  });

  it('keep separate lists per key', async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    await customModels(endpoint('Groq'), { env: { GROQ_KEY: 'key-a' }, fetchFn: fake.fetch });
    await customModels(endpoint('Groq'), { env: { GROQ_KEY: 'key-b' }, fetchFn: fake.fetch });
    expect(fake.calls).toHaveLength(2);
  });

  it('fall back to the defaults when the fetch fails, and retry only after a short pause', async () => {
    const fake = fakeFetch(() => jsonResponse({ error: { message: 'boom' } }, 500));
    const input = { env: {}, fetchFn: fake.fetch };
    expect(await customModels(endpoint('Ollama'), input)).toEqual(['mistral:latest', 'phi3']);
    expect(await customModels(endpoint('Ollama'), input)).toEqual(['mistral:latest', 'phi3']);
    expect(fake.calls).toHaveLength(1);
    now += MODEL_LIST_FAILURE_TTL_MS + 1;
    await customModels(endpoint('Ollama'), input);
    expect(fake.calls).toHaveLength(2);
  });

  it('fall back to the defaults on a malformed list or a network failure', async () => {
    expect(
      await customModels(endpoint('Ollama'), {
        env: {},
        fetchFn: fakeFetch(new Response('<html>', { status: 200 })).fetch,
      }),
    ).toEqual(['mistral:latest', 'phi3']);
    clearModelListCache();
    const failing = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(await customModels(endpoint('Ollama'), { env: {}, fetchFn: failing.fetch })).toEqual([
      'mistral:latest',
      'phi3',
    ]);
  });

  it("fetch a user_provided endpoint with the user's key and checked URL only", async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    const byok = endpoint('BYOK');
    expect(await customModels(byok, { env: {}, fetchFn: fake.fetch })).toEqual(['byok-default']);
    const privateURL = { apiKey: 'sk-u', baseURL: 'http://192.168.1.10:11434/v1' };
    expect(await customModels(byok, { env: {}, fetchFn: fake.fetch, userCredentials: () => privateURL })).toEqual([
      'byok-default',
    ]);
    expect(fake.calls).toHaveLength(0);
    const publicURL = { apiKey: 'sk-u', baseURL: 'https://llm.example.com/v1' };
    expect(await customModels(byok, { env: {}, fetchFn: fake.fetch, userCredentials: () => publicURL })).toContain(
      'qwen2.5:14b',
    );
    expect(fake.only().url).toBe('https://llm.example.com/v1/models');
    expect(fake.only().headers.get('authorization')).toBe('Bearer sk-u');
  });
});

describe('listModels', () => {
  it('answers every built-in endpoint and each custom endpoint by name', async () => {
    const fake = fakeFetch(() => jsonResponse(MODEL_LIST));
    const lists = await listModels({ env: { GROQ_KEY: 'gsk' }, endpoints: ENDPOINTS, fetchFn: fake.fetch });
    expect(Object.keys(lists)).toEqual([
      'openAI',
      'azureOpenAI',
      'google',
      'anthropic',
      'bedrock',
      'Ollama',
      'Groq',
      'Static',
      'BYOK',
    ]);
    expect(lists.azureOpenAI).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(lists.Static).toEqual(['only-this']);
    expect(lists.Ollama?.slice(0, 2)).toEqual(['mistral:latest', 'phi3']);
    expect(fake.calls).toHaveLength(2);
  });
});
