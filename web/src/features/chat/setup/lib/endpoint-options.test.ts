import { describe, expect, it } from 'vitest';
import { endpointsFixture } from '@/testing/chat-setup-fixtures';
import { endpointOptions, endpointTypeOf, isEndpointOffered, needsUserKey, servingEndpoint } from './endpoint-options';

describe('endpointOptions', () => {
  it('lists endpoints by their order, with product names and custom labels', () => {
    expect(endpointOptions(endpointsFixture).map(({ name, label, type }) => ({ name, label, type }))).toEqual([
      { name: 'openAI', label: 'OpenAI', type: 'openAI' },
      { name: 'google', label: 'Google', type: 'google' },
      { name: 'anthropic', label: 'Anthropic', type: 'anthropic' },
      { name: 'OpenRouter', label: 'OpenRouter', type: 'custom' },
    ]);
  });

  it('keeps the answer order for equal orders and uses the name when no label is set', () => {
    const options = endpointOptions({
      b: { order: 1, type: 'custom' },
      a: { order: 1, type: 'custom' },
    });
    expect(options.map((option) => option.label)).toEqual(['b', 'a']);
  });

  it('carries icons and who brings the key', () => {
    const router = endpointOptions(endpointsFixture).find((option) => option.name === 'OpenRouter');
    expect(router).toMatchObject({ iconURL: 'https://example.com/or.png', userProvide: true, userProvideURL: true });
    expect(endpointOptions(undefined)).toEqual([]);
  });
});

describe('endpoint helpers', () => {
  it('reads the endpoint type and whether a user key is needed', () => {
    expect(endpointTypeOf(endpointsFixture, 'OpenRouter')).toBe('custom');
    expect(endpointTypeOf(endpointsFixture, 'openAI')).toBe('openAI');
    expect(needsUserKey(endpointsFixture, 'OpenRouter')).toBe(true);
    expect(needsUserKey(endpointsFixture, 'openAI')).toBe(false);
    expect(needsUserKey({ x: { order: 0, userProvideURL: true } }, 'x')).toBe(true);
    expect(needsUserKey(endpointsFixture, null)).toBe(false);
  });
});

describe('isEndpointOffered', () => {
  it('is false only for an endpoint missing from a loaded list', () => {
    expect(isEndpointOffered(endpointsFixture, 'bingAI')).toBe(false);
    expect(isEndpointOffered(endpointsFixture, 'OpenRouter')).toBe(true);
    expect(isEndpointOffered(undefined, 'bingAI')).toBe(true);
    expect(isEndpointOffered(endpointsFixture, undefined)).toBe(true);
  });

  it('offers a plugins chat while OpenAI is offered: it runs there', () => {
    expect(servingEndpoint('gptPlugins')).toBe('openAI');
    expect(servingEndpoint('google')).toBe('google');
    expect(isEndpointOffered(endpointsFixture, 'gptPlugins')).toBe(true);
    expect(isEndpointOffered({ google: { order: 0 } }, 'gptPlugins')).toBe(false);
  });
});
