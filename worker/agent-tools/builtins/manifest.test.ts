import { describe, expect, it } from 'vitest';
import { builtinCredentials, builtinPlugins, builtinToolSpec, isBuiltinTool } from './manifest';

describe('the built-in tools manifest', () => {
  it('lists each built-in under LibreChat’s key with its plugin fields and env names', () => {
    const plugins = builtinPlugins();
    expect(plugins.map((plugin) => plugin.pluginKey)).toEqual([
      'calculator',
      'tavily_search_results_json',
      'web_search',
      'image_gen_oai',
    ]);
    expect(plugins.map((plugin) => plugin.authConfig.map((field) => field.authField))).toEqual([
      [],
      ['TAVILY_API_KEY'],
      ['SEARXNG_INSTANCE_URL||SERPER_API_KEY'],
      ['IMAGE_GEN_OAI_API_KEY'],
    ]);
    for (const plugin of plugins) {
      expect(plugin.name).not.toBe('');
      expect(plugin.description).not.toBe('');
      expect(plugin.icon).toMatch(/^data:image\/svg\+xml,/);
    }
    expect(isBuiltinTool('web_search')).toBe(true);
    expect(isBuiltinTool('dalle')).toBe(false);
  });

  it('says whether a tool can run with the values given, ignoring empty and user_provided ones', () => {
    expect(builtinCredentials('calculator', { env: {} })).toEqual({});
    expect(builtinCredentials('tavily_search_results_json', { env: {} })).toBeNull();
    expect(builtinCredentials('tavily_search_results_json', { env: { TAVILY_API_KEY: 'user_provided' } })).toBeNull();
    expect(builtinCredentials('tavily_search_results_json', { env: { TAVILY_API_KEY: ' ' } })).toBeNull();
    expect(
      builtinCredentials('tavily_search_results_json', { env: { TAVILY_API_KEY: ' tvly-1 ', OTHER: 'x' } }),
    ).toEqual({
      TAVILY_API_KEY: 'tvly-1',
    });
    expect(builtinCredentials('web_search', { env: { SERPER_API_KEY: 's' } })).toEqual({ SERPER_API_KEY: 's' });
    expect(
      builtinCredentials('web_search', {
        env: {
          SEARXNG_INSTANCE_URL: 'http://searx.lan',
          SEARXNG_API_KEY: 'k',
          SERPER_API_KEY: '',
        },
      }),
    ).toEqual({ SEARXNG_INSTANCE_URL: 'http://searx.lan', SEARXNG_API_KEY: 'k' });
    expect(builtinCredentials('web_search', { env: { SEARXNG_API_KEY: 'k' } })).toBeNull();
    expect(
      builtinCredentials('image_gen_oai', {
        env: {
          IMAGE_GEN_OAI_API_KEY: 'sk',
          IMAGE_GEN_OAI_MODEL: 'dall-e-3',
          OPENAI_API_KEY: 'x',
        },
      }),
    ).toEqual({ IMAGE_GEN_OAI_API_KEY: 'sk', IMAGE_GEN_OAI_MODEL: 'dall-e-3' });
    expect(builtinCredentials('dalle', { env: { DALLE_API_KEY: 'x' } })).toBeNull();
  });

  it('takes the user’s own values whole when they cover the tool, never mixed with the operator’s secrets', () => {
    const env = {
      SERPER_API_KEY: 'operator-serper',
      SEARXNG_API_KEY: 'operator-searx',
      IMAGE_GEN_OAI_MODEL: 'dall-e-3',
    };
    expect(builtinCredentials('web_search', { env, user: { SEARXNG_INSTANCE_URL: 'https://my.searx' } })).toEqual({
      SEARXNG_INSTANCE_URL: 'https://my.searx',
    });
    expect(builtinCredentials('web_search', { env, user: {} })).toEqual({
      SERPER_API_KEY: 'operator-serper',
      SEARXNG_API_KEY: 'operator-searx',
    });
    expect(builtinCredentials('image_gen_oai', { env, user: { IMAGE_GEN_OAI_API_KEY: 'sk-mine' } })).toEqual({
      IMAGE_GEN_OAI_API_KEY: 'sk-mine',
      IMAGE_GEN_OAI_MODEL: 'dall-e-3',
    });
    expect(builtinCredentials('image_gen_oai', { env, user: { IMAGE_GEN_OAI_API_KEY: 'user_provided' } })).toBeNull();
  });

  it('builds the ToolSpec a run gets, with the credentials in it, or null when it cannot run', () => {
    const spec = builtinToolSpec('image_gen_oai', {
      env: {
        IMAGE_GEN_OAI_API_KEY: 'sk',
        IMAGE_GEN_OAI_BASEURL: 'https://img.lan/v1',
      },
    });
    expect(spec).toMatchObject({
      key: 'image_gen_oai',
      parameters: { type: 'object', required: ['prompt'] },
      exec: {
        kind: 'builtin',
        name: 'image_gen_oai',
        credentials: { IMAGE_GEN_OAI_API_KEY: 'sk', IMAGE_GEN_OAI_BASEURL: 'https://img.lan/v1' },
      },
    });
    expect(builtinToolSpec('calculator', { env: {} })?.key).toBe('calculator');
    expect(builtinToolSpec('tavily_search_results_json', { env: { TAVILY_API_KEY: 't' } })?.exec).toEqual({
      kind: 'builtin',
      name: 'tavily_search_results_json',
      credentials: { TAVILY_API_KEY: 't' },
    });
    expect(builtinToolSpec('web_search', { env: {} })).toBeNull();
    expect(builtinToolSpec('nope', { env: {} })).toBeNull();
  });
});
