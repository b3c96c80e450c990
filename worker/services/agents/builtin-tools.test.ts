import { describe, expect, it } from 'vitest';
import type { EnvVars } from '../../env';
import { resolveBuiltinTools } from './builtin-tools';

const env = (vars: Record<string, string>) => vars as unknown as EnvVars;

describe('resolveBuiltinTools', () => {
  it('gives the tools the environment sets up, with their credentials, and leaves out the rest', () => {
    const tools = resolveBuiltinTools(
      ['calculator', 'tavily_search_results_json', 'web_search', 'image_gen_oai', 'execute_code'],
      env({ TAVILY_API_KEY: 'tvly-1' }),
    );
    expect(tools.map((tool) => tool.key)).toEqual(['calculator', 'tavily_search_results_json']);
    expect(tools[1]?.exec).toMatchObject({ kind: 'builtin', credentials: { TAVILY_API_KEY: 'tvly-1' } });
  });
});
