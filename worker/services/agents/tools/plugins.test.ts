import { describe, expect, it } from 'vitest';
import type { EnvVars } from '../../../env';
import type { AppConfig } from '../../config/schema';
import { builtinPlugins, findBuiltinPlugin, isSystemAuthenticated } from './plugins';

const env = (vars: Record<string, string>) => vars as unknown as EnvVars;
const config = (extra: Partial<AppConfig> = {}) => extra as AppConfig;

describe('the built-in tools listed', () => {
  it('are the manifest’s, each authenticated when the operator’s environment covers it', () => {
    const listed = builtinPlugins(config(), env({ TAVILY_API_KEY: 'tvly-1' }));
    expect(listed.map((plugin) => plugin.pluginKey)).toEqual([
      'calculator',
      'tavily_search_results_json',
      'web_search',
      'image_gen_oai',
    ]);
    const authenticated = listed.filter((plugin) => 'authenticated' in plugin).map((plugin) => plugin.pluginKey);
    expect(authenticated).toEqual(['calculator', 'tavily_search_results_json']);
  });

  it('do not count an empty value or user_provided as set', () => {
    expect(isSystemAuthenticated('tavily_search_results_json', env({ TAVILY_API_KEY: ' ' }))).toBe(false);
    expect(isSystemAuthenticated('tavily_search_results_json', env({ TAVILY_API_KEY: 'user_provided' }))).toBe(false);
    expect(isSystemAuthenticated('web_search', env({ SERPER_API_KEY: 's' }))).toBe(true);
  });

  it('follow includedTools, else filteredTools', () => {
    const only = builtinPlugins(config({ includedTools: ['calculator'] }), env({}));
    expect(only.map((plugin) => plugin.pluginKey)).toEqual(['calculator']);
    const without = builtinPlugins(config({ filteredTools: ['image_gen_oai'] }), env({}));
    expect(without.map((plugin) => plugin.pluginKey)).not.toContain('image_gen_oai');
    expect(findBuiltinPlugin('image_gen_oai', config({ filteredTools: ['image_gen_oai'] }))).toBeUndefined();
    expect(findBuiltinPlugin('calculator', config())).toMatchObject({ name: 'Calculator' });
  });
});
