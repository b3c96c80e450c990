import type { PublicUser, RoleResponse } from '@contract/auth';
import type { EndpointsConfig, ModelSpec, StartupConfig } from '@contract/config';
import type { ModelsResponse } from '@contract/messages';
import { startupConfigFixture } from '@/testing/startup-config';

/** Built-ins plus a custom endpoint whose users bring their own key and base URL. */
export const endpointsFixture: EndpointsConfig = {
  anthropic: { order: 7, userProvide: false, userProvideURL: false },
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  google: { order: 5, userProvide: false, userProvideURL: false },
  OpenRouter: {
    order: 9999,
    type: 'custom',
    userProvide: true,
    userProvideURL: true,
    modelDisplayLabel: 'Router',
    iconURL: 'https://example.com/or.png',
  },
};

export const modelsFixture: ModelsResponse = {
  openAI: ['gpt-4o', 'gpt-4o-mini', 'o3-mini'],
  anthropic: ['claude-3-5-sonnet-latest', 'claude-3-haiku-20240307'],
  google: ['gemini-1.5-pro', 'gemini-1.5-flash-latest'],
  OpenRouter: ['meta/llama-3', 'mistral/large'],
};

export const specFixture = (overrides: Partial<ModelSpec> = {}): ModelSpec => ({
  name: 'writer',
  label: 'Writer',
  description: 'Careful long-form writing',
  preset: { endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest', temperature: 0.3 },
  ...overrides,
});

export const startupConfig = (overrides: Partial<StartupConfig> = {}): StartupConfig => ({
  ...startupConfigFixture,
  ...overrides,
});

export const userFixture: PublicUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  name: 'Ada',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const roleFixture = (temporaryChat: boolean): RoleResponse => ({
  name: 'USER',
  permissions: { TEMPORARY_CHAT: { USE: temporaryChat } },
});
