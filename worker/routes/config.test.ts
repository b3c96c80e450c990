import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { startupConfigSchema, endpointsConfigSchema, type Banner } from '../contract/config';
import { BANNERS_KV_KEY } from '../services/banner';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

beforeEach(async () => {
  await env.CONFIG.delete(BANNERS_KV_KEY);
  await clearAppConfig();
});

describe('GET /api/config', () => {
  it('answers the full startup config shape with defaults when nothing is configured', async () => {
    const res = await callApp('/api/config');
    expect(res.status).toBe(200);
    const body = startupConfigSchema.strict().parse(await res.json());
    expect(body).toMatchObject({
      appTitle: 'EdgeChat',
      serverDomain: 'http://app.test',
      emailLoginEnabled: true,
      registrationEnabled: true,
      socialLoginEnabled: false,
      githubLoginEnabled: false,
      openidLoginEnabled: false,
      emailEnabled: false,
      passwordResetEnabled: false,
      sharedLinksEnabled: true,
      publicSharedLinksEnabled: true,
      avatarSizeLimit: 2 * 1024 * 1024,
      socialLogins: ['google', 'facebook', 'openid', 'github', 'discord'],
      balance: {
        enabled: false,
        startBalance: 20000,
        autoRefillEnabled: false,
        refillIntervalValue: 30,
        refillIntervalUnit: 'days',
        refillAmount: 10000,
      },
    });
    // Every interface toggle defaults to true.
    expect(body.interface).toMatchObject({
      endpointsMenu: true,
      modelSelect: true,
      parameters: true,
      sidePanel: true,
      multiConvo: true,
      bookmarks: true,
      presets: true,
      prompts: true,
      agents: true,
      temporaryChat: true,
      runCode: true,
    });
    expect(body.modelSpecs).toBeUndefined();
  });

  it('reflects the environment (LibreChat variable names)', async () => {
    const res = await callApp(
      '/api/config',
      {},
      {
        APP_TITLE: 'Edge Chat',
        ALLOW_REGISTRATION: 'false',
        ALLOW_SOCIAL_LOGIN: 'true',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
        OPENID_CLIENT_ID: 'id', // no secret or issuer: not configured
        ALLOW_SHARED_LINKS_PUBLIC: 'false',
        ALLOW_PASSWORD_RESET: 'true',
        DOMAIN_SERVER: 'https://chat.example.com',
        ANALYTICS_GTM_ID: 'GTM-1',
      },
    );
    const body = startupConfigSchema.parse(await res.json());
    expect(body).toMatchObject({
      appTitle: 'Edge Chat',
      registrationEnabled: false,
      socialLoginEnabled: true,
      githubLoginEnabled: true,
      openidLoginEnabled: false,
      publicSharedLinksEnabled: false,
      passwordResetEnabled: true,
      serverDomain: 'https://chat.example.com',
      analyticsGtmId: 'GTM-1',
    });
  });

  it('reflects the stored config: interface, registration, balance, model specs, avatar limit', async () => {
    await storeAppConfig(`
version: 1.2.5
interface:
  customWelcome: "Welcome, {{user.name}}!"
  presets: false
  privacyPolicy: { externalUrl: "https://example.com/privacy", openNewTab: true }
registration:
  socialLogins: [github, openid]
balance: { enabled: true, startBalance: 5000 }
fileConfig: { avatarSizeLimit: 1 }
modelSpecs:
  list:
    - name: fast
      label: Fast
      default: true
      preset: { endpoint: openAI, model: gpt-4o-mini }
`);
    const body = startupConfigSchema.parse(await (await callApp('/api/config')).json());
    expect(body.interface).toMatchObject({
      customWelcome: 'Welcome, {{user.name}}!',
      presets: false,
      bookmarks: true,
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
    });
    expect(body.socialLogins).toEqual(['github', 'openid']);
    expect(body.balance).toMatchObject({ enabled: true, startBalance: 5000, refillAmount: 10000 });
    expect(body.avatarSizeLimit).toBe(1024 * 1024);
    expect(body.modelSpecs?.list[0]).toMatchObject({
      name: 'fast',
      default: true,
      preset: { endpoint: 'openAI', model: 'gpt-4o-mini' },
    });
  });
});

describe('GET /api/endpoints', () => {
  it('lists nothing when no provider is configured', async () => {
    const res = await callApp('/api/endpoints');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('lists only configured endpoints in the default order, with userProvide for user keys', async () => {
    await storeAppConfig(`
version: 1.2.5
endpoints:
  custom:
    - name: Ollama
      apiKey: ollama
      baseURL: http://127.0.0.1:11434/v1
      models: { default: [llama3] }
      modelDisplayLabel: Local Llama
      iconURL: https://example.com/ollama.png
    - name: OpenRouter
      apiKey: user_provided
      baseURL: https://openrouter.ai/api/v1
      models: { default: [gpt-4o] }
`);
    const res = await callApp(
      '/api/endpoints',
      {},
      { OPENAI_API_KEY: 'sk-x', ANTHROPIC_API_KEY: 'user_provided', GOOGLE_KEY: 'g' },
    );
    const body = endpointsConfigSchema.parse(await res.json());
    expect(Object.keys(body).sort()).toEqual(['Ollama', 'OpenRouter', 'agents', 'anthropic', 'google', 'openAI']);
    expect(body.openAI).toMatchObject({ userProvide: false, userProvideURL: false });
    expect(body.anthropic).toMatchObject({ userProvide: true });
    expect(body.Ollama).toMatchObject({
      type: 'custom',
      userProvide: false,
      userProvideURL: false,
      modelDisplayLabel: 'Local Llama',
      iconURL: 'https://example.com/ollama.png',
    });
    expect(body.OpenRouter).toMatchObject({ type: 'custom', userProvide: true });
    const byOrder = Object.entries(body)
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([name]) => name);
    expect(byOrder.slice(0, 3)).toEqual(['openAI', 'google', 'anthropic']);
    expect(body.openAI!.order).toBeLessThan(body.google!.order);
    expect(body.google!.order).toBeLessThan(body.anthropic!.order);
    expect(body.anthropic!.order).toBeLessThan(body.Ollama!.order);
  });

  it('follows ENDPOINTS for selection and order; custom endpoints only when it lists custom', async () => {
    await storeAppConfig(`
version: 1.2.5
endpoints:
  custom:
    - { name: Ollama, apiKey: x, baseURL: "http://127.0.0.1:1/v1", models: { default: [m] } }
`);
    const vars = { OPENAI_API_KEY: 'k', GOOGLE_KEY: 'g', ANTHROPIC_API_KEY: 'a' };
    const onlyTwo = endpointsConfigSchema.parse(
      await (await callApp('/api/endpoints', {}, { ...vars, ENDPOINTS: 'anthropic,openAI' })).json(),
    );
    expect(onlyTwo).toEqual({
      anthropic: { order: 0, userProvide: false, userProvideURL: false },
      openAI: { order: 1, userProvide: false, userProvideURL: false },
    });
    const withCustom = endpointsConfigSchema.parse(
      await (await callApp('/api/endpoints', {}, { ...vars, ENDPOINTS: 'custom,google' })).json(),
    );
    expect(withCustom).toMatchObject({ Ollama: { order: 0, type: 'custom' }, google: { order: 1 } });
    expect(withCustom.openAI).toBeUndefined();
  });
});

describe('GET /api/endpoints: visionModels', () => {
  it("answers each endpoint's own list, else the one of endpoints.all, and none where neither is set", async () => {
    await storeAppConfig(`
version: 1.2.5
endpoints:
  all:
    visionModels: [house-vision]
  anthropic:
    visionModels: [claude-next]
  custom:
    - { name: Ollama, apiKey: x, baseURL: "http://127.0.0.1:1/v1", models: { default: [m] }, visionModels: [my-llava] }
    - { name: Other, apiKey: x, baseURL: "http://127.0.0.1:2/v1", models: { default: [m] } }
`);
    const body = endpointsConfigSchema.parse(
      await (await callApp('/api/endpoints', {}, { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'a' })).json(),
    );
    expect(body.anthropic?.visionModels).toEqual(['claude-next']);
    expect(body.openAI?.visionModels).toEqual(['house-vision']);
    expect(body.Ollama?.visionModels).toEqual(['my-llava']);
    expect(body.Other?.visionModels).toEqual(['house-vision']);
  });
});

describe('GET /api/endpoints/config/override', () => {
  it('answers false: there is no endpoints override', async () => {
    const res = await callApp('/api/endpoints/config/override');
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(false);
  });
});

describe('GET /api/banner', () => {
  const day = 24 * 60 * 60 * 1000;
  const banner = (over: Partial<Banner>): Banner => ({
    bannerId: 'b',
    message: '<b>Maintenance</b> tonight',
    displayFrom: new Date(Date.now() - day).toISOString(),
    displayTo: new Date(Date.now() + day).toISOString(),
    isPublic: true,
    ...over,
  });

  it('answers null when there is no banner', async () => {
    const res = await callApp('/api/banner');
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it('answers the active public banner, never expired, future or private ones', async () => {
    await env.CONFIG.put(
      BANNERS_KV_KEY,
      JSON.stringify([
        banner({
          bannerId: 'expired',
          displayFrom: new Date(Date.now() - 3 * day).toISOString(),
          displayTo: new Date(Date.now() - 2 * day).toISOString(),
        }),
        banner({ bannerId: 'future', displayFrom: new Date(Date.now() + day).toISOString(), displayTo: null }),
        banner({ bannerId: 'private', isPublic: false, displayFrom: new Date(Date.now() - 1000).toISOString() }),
        banner({ bannerId: 'current', displayTo: null }),
      ]),
    );
    const body = (await (await callApp('/api/banner')).json()) as Banner;
    expect(body).toMatchObject({
      bannerId: 'current',
      message: '<b>Maintenance</b> tonight',
      isPublic: true,
      displayTo: null,
    });
  });

  it('shows a private banner to signed-in users only', async () => {
    await env.CONFIG.put(BANNERS_KV_KEY, JSON.stringify([banner({ bannerId: 'members', isPublic: false })]));
    expect(await (await callApp('/api/banner')).json()).toBeNull();
    const user = await createTestUser();
    const body = (await (await callApp('/api/banner', { headers: await authHeader(user) })).json()) as Banner;
    expect(body.bannerId).toBe('members');
  });

  it('answers null rather than failing when the stored banners are malformed', async () => {
    await env.CONFIG.put(BANNERS_KV_KEY, JSON.stringify([{ nope: true }]));
    const res = await callApp('/api/banner');
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });
});

describe('GET /api/search/enable', () => {
  it('is true by default (FTS5 is always there) and false with SEARCH=false', async () => {
    expect(await (await callApp('/api/search/enable')).json()).toBe(true);
    expect(await (await callApp('/api/search/enable', {}, { SEARCH: 'false' })).json()).toBe(false);
  });
});

describe('GET /api/categories', () => {
  it('answers the prompt categories as label/value pairs', async () => {
    const body = (await (await callApp('/api/categories')).json()) as { label: string; value: string }[];
    expect(body.length).toBeGreaterThan(5);
    expect(body).toContainEqual({ label: 'com_ui_code', value: 'code' });
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['label', 'value']);
  });
});
