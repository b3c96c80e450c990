import { describe, expect, it } from 'vitest';
import { endpointsFixture, modelsFixture, specFixture } from '@/testing/chat-setup-fixtures';
import {
  chooseInitialSetup,
  defaultModelFor,
  type SetupSources,
  setupForEndpoint,
  validateStoredSetup,
} from './initial-setup';

const sources = (overrides: Partial<SetupSources> = {}): SetupSources => ({
  specs: [],
  endpoints: endpointsFixture,
  models: modelsFixture,
  ...overrides,
});

describe('defaultModelFor', () => {
  it('prefers the default model when the endpoint lists it', () => {
    expect(defaultModelFor(sources(), 'openAI')).toBe('gpt-4o-mini');
    expect(defaultModelFor(sources(), 'google')).toBe('gemini-1.5-flash-latest');
  });

  it('falls back to the first listed model, or none', () => {
    expect(defaultModelFor(sources({ models: { openAI: ['gpt-4.1', 'gpt-4o'] } }), 'openAI')).toBe('gpt-4.1');
    expect(defaultModelFor(sources(), 'OpenRouter')).toBe('meta/llama-3');
    expect(defaultModelFor(sources({ models: {} }), 'openAI')).toBeUndefined();
  });
});

describe('setupForEndpoint', () => {
  it('starts over on the endpoint with the model last picked there, if still offered', () => {
    expect(setupForEndpoint(sources(), 'openAI', { openAI: 'o3-mini' })).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
      model: 'o3-mini',
    });
    expect(setupForEndpoint(sources(), 'openAI', { openAI: 'gpt-3.5' })).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
      model: 'gpt-4o-mini',
    });
  });

  it('marks custom endpoints as custom', () => {
    expect(setupForEndpoint(sources(), 'OpenRouter')).toEqual({
      endpoint: 'OpenRouter',
      endpointType: 'custom',
      model: 'meta/llama-3',
    });
  });
});

describe('validateStoredSetup', () => {
  it('keeps a remembered setup that still fits, parameters included', () => {
    const stored = {
      endpoint: 'anthropic',
      endpointType: 'anthropic',
      model: 'claude-3-haiku-20240307',
      temperature: 0.4,
      stop: ['Human:'],
    };
    expect(validateStoredSetup(stored, sources())).toEqual(stored);
  });

  it('refreshes the endpoint type from the configuration', () => {
    expect(validateStoredSetup({ endpoint: 'OpenRouter', model: 'mistral/large' }, sources())).toMatchObject({
      endpointType: 'custom',
    });
  });

  it.each([
    ['an endpoint no longer configured', { endpoint: 'bedrock', model: 'x' }],
    ['a model the endpoint no longer lists', { endpoint: 'openAI', model: 'gpt-3.5-turbo' }],
    ['a malformed shape', { endpoint: 'openAI', model: 'gpt-4o', temperature: 'hot' }],
    ['no endpoint', { model: 'gpt-4o' }],
    ['not an object', 'openAI'],
    ['nothing', null],
  ])('rejects %s', (_, stored) => {
    expect(validateStoredSetup(stored, sources())).toBeNull();
  });

  it('fills a missing model with the default, and drops a model spec that no longer exists', () => {
    expect(validateStoredSetup({ endpoint: 'openAI', spec: 'gone' }, sources())).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
      model: 'gpt-4o-mini',
    });
    expect(
      validateStoredSetup(
        { endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest', spec: 'writer' },
        sources({ specs: [specFixture()] }),
      ),
    ).toMatchObject({
      spec: 'writer',
    });
  });
});

describe('chooseInitialSetup', () => {
  const remembered = { endpoint: 'google', model: 'gemini-1.5-pro', temperature: 0.2 };

  it('uses the default model spec first', () => {
    const specs = [
      specFixture({ name: 'plain' }),
      specFixture({ name: 'house', default: true, preset: { endpoint: 'OpenRouter', model: 'mistral/large' } }),
    ];
    expect(chooseInitialSetup(sources({ specs }), remembered)).toEqual({
      endpoint: 'OpenRouter',
      endpointType: 'custom',
      model: 'mistral/large',
      spec: 'house',
    });
  });

  it('then the user’s default preset, while its endpoint is still offered', () => {
    const defaultPreset = { endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest', temperature: 0.3 };
    expect(chooseInitialSetup(sources({ defaultPreset }), remembered)).toEqual({
      ...defaultPreset,
      endpointType: 'anthropic',
    });
    const house = [
      specFixture({ name: 'house', default: true, preset: { endpoint: 'OpenRouter', model: 'mistral/large' } }),
    ];
    expect(chooseInitialSetup(sources({ specs: house, defaultPreset }), remembered)).toMatchObject({ spec: 'house' });
    expect(chooseInitialSetup(sources({ defaultPreset: { endpoint: 'gone', model: 'x' } }), remembered)).toEqual({
      ...remembered,
      endpointType: 'google',
    });
  });

  it('otherwise the remembered setup while it is still valid', () => {
    expect(chooseInitialSetup(sources({ specs: [specFixture()] }), remembered)).toEqual({
      ...remembered,
      endpointType: 'google',
    });
  });

  it('otherwise the first configured endpoint with its default model', () => {
    expect(chooseInitialSetup(sources(), { endpoint: 'gone' })).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
      model: 'gpt-4o-mini',
    });
    expect(chooseInitialSetup(sources({ endpoints: { anthropic: { order: 3 }, google: { order: 1 } } }), null)).toEqual(
      {
        endpoint: 'google',
        endpointType: 'google',
        model: 'gemini-1.5-flash-latest',
      },
    );
  });

  it('opens on a custom endpoint when the configured order puts it first (as the demo does)', () => {
    const endpoints = { 'Demo (mock)': { order: 0, type: 'custom' }, google: { order: 2 }, anthropic: { order: 1 } };
    const models = { 'Demo (mock)': ['mock-fast', 'mock-slow'], anthropic: ['mock-claude'], google: ['mock-gemini'] };
    expect(chooseInitialSetup(sources({ endpoints, models }), null)).toEqual({
      endpoint: 'Demo (mock)',
      endpointType: 'custom',
      model: 'mock-fast',
    });
  });

  it('opens on the first endpoint that answers at once, not on agents, which needs an agent picked', () => {
    const endpoints = { agents: { order: 0 }, 'Demo (mock)': { order: 1, type: 'custom' } };
    const models = { agents: [], 'Demo (mock)': ['mock-fast'] };
    expect(chooseInitialSetup(sources({ endpoints, models }), null)).toMatchObject({ endpoint: 'Demo (mock)' });
    expect(chooseInitialSetup(sources({ endpoints: { agents: { order: 0 } }, models }), null)).toMatchObject({
      endpoint: 'agents',
    });
  });

  it('is empty when nothing is configured', () => {
    expect(chooseInitialSetup(sources({ endpoints: {}, models: {} }), remembered)).toEqual({});
  });
});
