import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelsResponseSchema } from '../contract/messages';
import type { EnvVars } from '../env';
import { clearModelListCache, DEFAULT_MODEL_LISTS } from '../services/models';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { TEST_CREDS, callAs } from '../test/two-factor-helpers';

const CONFIG_YAML = `
version: 1.2.5
endpoints:
  custom:
    - name: "Fetching"
      apiKey: "sk-operator"
      baseURL: "https://llm.example.com/v1"
      models:
        default: ["base-model"]
        fetch: true
    - name: "Fixed"
      apiKey: "sk-fixed"
      baseURL: "https://fixed.example.com/v1"
      models:
        default: ["fixed-a", "fixed-b"]
    - name: "BringYourOwn"
      apiKey: "user_provided"
      baseURL: "https://byo.example.com/v1"
      models:
        default: ["byo-default"]
        fetch: true
`;

/** Stubs the providers' model lists: each host answers its ids; every call is recorded. */
function stubProviders(lists: Record<string, string[]>) {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const ids = lists[new URL(url).host];
    if (!ids) return new Response('not found', { status: 404 });
    return Response.json({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) });
  });
  return calls;
}

const SYSTEM_KEYS: EnvVars = {
  ...TEST_CREDS,
  OPENAI_API_KEY: 'sk-system',
  ANTHROPIC_API_KEY: 'sk-ant',
  GOOGLE_MODELS: 'gemini-a,gemini-b',
};

beforeEach(async () => {
  await clearAppConfig();
  clearModelListCache();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/models', () => {
  it('lists exactly the endpoints GET /api/endpoints lists', async () => {
    await storeAppConfig(CONFIG_YAML);
    stubProviders({ 'llm.example.com': ['fetched-1'] });
    const user = await createTestUser();
    const res = await callAs(user, '/api/models', 'GET', undefined, SYSTEM_KEYS);
    expect(res.status).toBe(200);
    const body = modelsResponseSchema.parse(await res.json());
    const endpoints = await (await callApp('/api/endpoints', {}, SYSTEM_KEYS)).json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(endpoints).sort());
    expect(body.openAI).toEqual([...DEFAULT_MODEL_LISTS.openAI]);
    expect(body.anthropic).toEqual([...DEFAULT_MODEL_LISTS.anthropic]);
    expect(body).not.toHaveProperty('google'); // GOOGLE_MODELS alone does not configure Google
    expect(body.Fixed).toEqual(['fixed-a', 'fixed-b']);
  });

  it('adds what a `fetch: true` endpoint lists to its defaults, asking with the operator key', async () => {
    await storeAppConfig(CONFIG_YAML);
    const calls = stubProviders({ 'llm.example.com': ['fetched-1', 'base-model', 'fetched-2'] });
    const user = await createTestUser();
    const body = await (
      await callAs(user, '/api/models', 'GET', undefined, SYSTEM_KEYS)
    ).json<Record<string, string[]>>();
    expect(body.Fetching).toEqual(['base-model', 'fetched-1', 'fetched-2']);
    const fetching = calls.filter((call) => call.url.startsWith('https://llm.example.com/'));
    expect(fetching).toEqual([{ url: 'https://llm.example.com/v1/models', authorization: 'Bearer sk-operator' }]);
    // The fixed endpoint is never asked.
    expect(calls.some((call) => call.url.includes('fixed.example.com'))).toBe(false);
  });

  it('keeps the defaults when the provider fails', async () => {
    await storeAppConfig(CONFIG_YAML);
    stubProviders({});
    const user = await createTestUser();
    const body = await (
      await callAs(user, '/api/models', 'GET', undefined, SYSTEM_KEYS)
    ).json<Record<string, string[]>>();
    expect(body.Fetching).toEqual(['base-model']);
  });

  it("fetches a user_provided endpoint's list with the caller's own key, and not without one", async () => {
    await storeAppConfig(CONFIG_YAML);
    const calls = stubProviders({ 'byo.example.com': ['byo-fetched'] });
    const withKey = await createTestUser();
    const withoutKey = await createTestUser();
    expect((await callAs(withKey, '/api/keys', 'PUT', { name: 'BringYourOwn', value: 'sk-users-own' })).status).toBe(
      201,
    );

    const mine = await (
      await callAs(withKey, '/api/models', 'GET', undefined, SYSTEM_KEYS)
    ).json<Record<string, string[]>>();
    expect(mine.BringYourOwn).toEqual(['byo-default', 'byo-fetched']);
    expect(calls.filter((call) => call.url.includes('byo.example.com'))).toEqual([
      { url: 'https://byo.example.com/v1/models', authorization: 'Bearer sk-users-own' },
    ]);

    const theirs = await (
      await callAs(withoutKey, '/api/models', 'GET', undefined, SYSTEM_KEYS)
    ).json<Record<string, string[]>>();
    expect(theirs.BringYourOwn).toEqual(['byo-default']);
    // Still one call: the user without a key caused none, and never rode on the other's key.
    expect(calls.filter((call) => call.url.includes('byo.example.com'))).toHaveLength(1);
  });

  it('leaves out, and never fetches for, endpoints that ENDPOINTS hides', async () => {
    await storeAppConfig(CONFIG_YAML);
    const calls = stubProviders({ 'llm.example.com': ['fetched-1'] });
    const user = await createTestUser();
    const body = await (
      await callAs(user, '/api/models', 'GET', undefined, { ...SYSTEM_KEYS, ENDPOINTS: 'anthropic,google' })
    ).json();
    expect(body).toEqual({ anthropic: [...DEFAULT_MODEL_LISTS.anthropic] });
    expect(calls).toEqual([]);
  });

  it('answers the env lists of the built-in endpoints', async () => {
    const user = await createTestUser();
    const vars = {
      ...TEST_CREDS,
      GOOGLE_KEY: 'g-key',
      GOOGLE_MODELS: 'gemini-a, gemini-b',
      OPENAI_API_KEY: 'user_provided',
      OPENAI_MODELS: 'gpt-x',
    };
    const body = await (await callAs(user, '/api/models', 'GET', undefined, vars)).json();
    // Agents are offered too; their models are their providers', listed under those names.
    expect(body).toEqual({ openAI: ['gpt-x'], google: ['gemini-a', 'gemini-b'], agents: [] });
  });

  it('answers 401 without a token', async () => {
    expect((await callAs(null, '/api/models')).status).toBe(401);
  });
});
