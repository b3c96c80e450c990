import { describe, expect, it } from 'vitest';
import { BUILT_IN_ENDPOINTS } from '../../contract/endpoints';
import { parseAppConfig, parseAppConfigObject, type ParseAppConfigResult } from './parse';
import { resolveEnvReference, type AppConfig } from './schema';
import { FULL_LIBRECHAT_YAML } from './test-fixtures';

function config(result: ParseAppConfigResult): AppConfig {
  if (!result.ok) throw new Error(`expected a valid config, got:\n${result.errors.join('\n')}`);
  return result.config;
}

function errors(result: ParseAppConfigResult): string[] {
  if (result.ok) throw new Error('expected the config to be rejected');
  return result.errors;
}

/** A minimal valid custom endpoint, with overrides. */
function customEndpoint(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ollama',
    apiKey: 'ollama',
    baseURL: 'http://localhost:11434/v1',
    models: { default: ['llama3'] },
    ...overrides,
  };
}

describe('parseAppConfig: a full librechat.yaml', () => {
  it('accepts a realistic file and keeps what it says', () => {
    const parsed = config(parseAppConfig(FULL_LIBRECHAT_YAML));

    expect(parsed.version).toBe('1.2.5');
    expect(parsed.interface.runCode).toBe(false);
    expect(parsed.interface.termsOfService?.modalAcceptance).toBe(true);
    expect(parsed.registration.allowedDomains).toEqual(['example.com']);
    expect(parsed.balance).toMatchObject({ enabled: true, startBalance: 50000, refillAmount: 25000 });
    expect(parsed.rateLimits?.fileUploads?.userMax).toBe(50);
    expect(parsed.fileConfig?.endpoints?.Ollama?.supportedMimeTypes).toEqual(['^image/(jpeg|png|gif|webp)$']);
    expect(parsed.fileConfig?.imageGeneration).toEqual({ percentage: 100, px: 1024 });
    expect(parsed.speech?.speechTab?.speechToText).toMatchObject({ decibelValue: -45, autoSendText: -1 });
    expect(parsed.modelSpecs?.list.map((spec) => spec.name)).toEqual(['gpt-4o-daily', 'llama-local']);

    expect(parsed.endpoints?.custom?.map((endpoint) => endpoint.name)).toEqual(['Ollama', 'OpenRouter', 'groq']);
    expect(parsed.endpoints?.custom?.[1]).toMatchObject({
      apiKey: '${OPENROUTER_KEY}',
      baseURL: 'https://openrouter.ai/api/v1',
      headers: { 'HTTP-Referer': 'https://chat.example.com' },
      addParams: { transforms: [] },
      streamRate: 20,
    });
    expect(parsed.endpoints?.custom?.[2]?.apiKey).toBe('user_provided');
    expect(parsed.endpoints?.all?.streamRate).toBe(35);
  });

  it('gives every MCP server its transport, inferring a missing type as LibreChat does', () => {
    const servers = config(parseAppConfig(FULL_LIBRECHAT_YAML)).mcpServers ?? {};
    expect(Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.type]))).toEqual({
      filesystem: 'stdio',
      puppeteer: 'stdio',
      realtime: 'websocket',
      everything: 'sse',
      docs: 'streamable-http',
      'inferred-sse': 'sse',
    });
    expect(servers.filesystem).toMatchObject({ command: 'npx', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } });
    expect(servers.puppeteer).toMatchObject({ timeout: 300000, initTimeout: 15000 });
    expect(servers.docs).toMatchObject({ headers: { 'X-Api-Key': '${DOCS_MCP_KEY}' }, chatMenu: false });
  });

  it('ignores keys it does not know instead of rejecting the file', () => {
    const parsed = config(parseAppConfig(FULL_LIBRECHAT_YAML));
    expect(parsed).not.toHaveProperty('webSearch');
    expect(parsed).not.toHaveProperty('memory');
    // Unknown capability names are dropped too (web_search is a newer LibreChat's).
    expect(parsed.endpoints?.agents?.capabilities).toEqual(['execute_code', 'file_search', 'actions', 'tools']);
  });

  it('treats an empty document as the default config', () => {
    for (const text of ['', '   \n', '# only a comment\n', '---\n']) {
      const parsed = config(parseAppConfig(text));
      expect(parsed).toMatchObject({ version: '1.2.5', cache: true, interface: {}, balance: { enabled: false } });
      expect(parsed.balance).toEqual({
        enabled: false,
        startBalance: 20000,
        autoRefillEnabled: false,
        refillIntervalValue: 30,
        refillIntervalUnit: 'days',
        refillAmount: 10000,
      });
      expect(parsed.registration.socialLogins).toEqual(['google', 'facebook', 'openid', 'github', 'discord']);
      expect(parsed.endpoints).toBeUndefined();
    }
  });

  it('is idempotent, so the stored (parsed) value validates again when read back', () => {
    const once = config(parseAppConfig(FULL_LIBRECHAT_YAML));
    const twice = config(parseAppConfigObject(JSON.parse(JSON.stringify(once))));
    expect(twice).toEqual(once);
  });
});

describe("parseAppConfig: LibreChat's config rules and their messages", () => {
  it.each(BUILT_IN_ENDPOINTS)('rejects a custom endpoint named "%s"', (name) => {
    const result = parseAppConfigObject({ endpoints: { custom: [customEndpoint({ name })] } });
    expect(errors(result)).toEqual([
      `endpoints.custom[0].name: Custom endpoint name "${name}" is reserved for a built-in endpoint`,
    ]);
  });

  it('compares custom endpoint names case-sensitively', () => {
    const parsed = config(parseAppConfigObject({ endpoints: { custom: [customEndpoint({ name: 'OpenAI' })] } }));
    expect(parsed.endpoints?.custom?.[0]?.name).toBe('OpenAI');
  });

  it('requires at least one model in a model list', () => {
    const result = parseAppConfigObject({ endpoints: { custom: [customEndpoint({ models: { default: [] } })] } });
    expect(errors(result)).toEqual(['endpoints.custom[0].models.default: Must list at least 1 model']);
  });

  it('requires at least one entry in the model specs list', () => {
    expect(errors(parseAppConfigObject({ modelSpecs: { list: [] } }))).toEqual([
      'modelSpecs.list: Must have at least 1 entry',
    ]);
  });

  it('rejects an endpoints section with no field', () => {
    expect(errors(parseAppConfig('version: 1.2.5\nendpoints: {}\n'))).toEqual([
      'endpoints: At least one `endpoints` field must be provided.',
    ]);
    // Only unknown keys: nothing usable either.
    expect(errors(parseAppConfig('endpoints:\n  chatGPT: {}\n'))).toEqual([
      'endpoints: At least one `endpoints` field must be provided.',
    ]);
  });

  it('requires a ws:// or wss:// URL for a websocket MCP server', () => {
    expect(
      errors(parseAppConfigObject({ mcpServers: { s: { type: 'websocket', url: 'https://x.example/ws' } } })),
    ).toEqual(['mcpServers.s.url: WebSocket URL must start with ws:// or wss://']);
    config(parseAppConfigObject({ mcpServers: { s: { type: 'websocket', url: 'ws://localhost:8080' } } }));
  });

  it('rejects a ws:// or wss:// URL for an SSE MCP server', () => {
    expect(errors(parseAppConfigObject({ mcpServers: { s: { type: 'sse', url: 'wss://x.example/sse' } } }))).toEqual([
      'mcpServers.s.url: SSE URL must not start with ws:// or wss://',
    ]);
  });

  it('rejects a ws:// or wss:// URL for a streamable HTTP MCP server', () => {
    expect(
      errors(parseAppConfigObject({ mcpServers: { s: { type: 'streamable-http', url: 'ws://x.example/mcp' } } })),
    ).toEqual(['mcpServers.s.url: Streamable HTTP URL must not start with ws:// or wss://']);
    // LibreChat's alias `http` is the same transport.
    expect(errors(parseAppConfigObject({ mcpServers: { s: { type: 'http', url: 'wss://x.example/mcp' } } }))).toEqual([
      'mcpServers.s.url: Streamable HTTP URL must not start with ws:// or wss://',
    ]);
  });

  it('accepts an ${ENV_VAR} MCP URL unchecked, and rejects a malformed one', () => {
    const parsed = config(parseAppConfigObject({ mcpServers: { s: { type: 'sse', url: '${MCP_URL}' } } }));
    expect(parsed.mcpServers?.s).toMatchObject({ type: 'sse', url: '${MCP_URL}' });
    expect(errors(parseAppConfigObject({ mcpServers: { s: { type: 'sse', url: 'not a url' } } }))).toEqual([
      'mcpServers.s.url: Invalid URL',
    ]);
  });

  it('requires config numbers to be at least 0', () => {
    const result = parseAppConfigObject({
      rateLimits: { fileUploads: { ipMax: -1 }, stt: { userWindowInMinutes: -5 } },
      fileConfig: { serverFileSizeLimit: -1, endpoints: { default: { fileLimit: -1 } }, imageGeneration: { px: -1 } },
      mcpServers: { s: { command: 'npx', timeout: -1 } },
      endpoints: { all: { streamRate: -1 } },
    });
    expect(errors(result)).toEqual([
      'rateLimits.fileUploads.ipMax: Must be 0 or more',
      'rateLimits.stt.userWindowInMinutes: Must be 0 or more',
      'fileConfig.endpoints.default.fileLimit: Must be 0 or more',
      'fileConfig.serverFileSizeLimit: Must be 0 or more',
      'fileConfig.imageGeneration.px: Must be 0 or more',
      'mcpServers.s.timeout: Must be 0 or more',
      'endpoints.all.streamRate: Must be 0 or more',
    ]);
  });

  it('bounds the image generation percentage to 0..100', () => {
    expect(errors(parseAppConfigObject({ fileConfig: { imageGeneration: { percentage: 101 } } }))).toEqual([
      'fileConfig.imageGeneration.percentage: Must be 100 or less',
    ]);
    expect(errors(parseAppConfigObject({ fileConfig: { imageGeneration: { percentage: -1 } } }))).toEqual([
      'fileConfig.imageGeneration.percentage: Must be 0 or more',
    ]);
    for (const percentage of [0, 100])
      config(parseAppConfigObject({ fileConfig: { imageGeneration: { percentage } } }));
  });

  it('requires supported MIME types to be valid regular expressions', () => {
    const result = parseAppConfigObject({
      fileConfig: { endpoints: { default: { supportedMimeTypes: ['image/.*', '^image/(png'] } } },
    });
    expect(errors(result)).toEqual([
      'fileConfig.endpoints.default.supportedMimeTypes[1]: Invalid regular expression: ^image/(png',
    ]);
  });

  it('keeps custom endpoint credentials as written: ${ENV_VAR} references and user_provided', () => {
    const parsed = config(
      parseAppConfigObject({
        endpoints: {
          custom: [
            customEndpoint({ name: 'A', apiKey: '${A_KEY}', baseURL: '${A_URL}' }),
            customEndpoint({ name: 'B', apiKey: 'user_provided', baseURL: 'user_provided' }),
          ],
        },
      }),
    );
    expect(parsed.endpoints?.custom?.map(({ apiKey, baseURL }) => [apiKey, baseURL])).toEqual([
      ['${A_KEY}', '${A_URL}'],
      ['user_provided', 'user_provided'],
    ]);
  });
});

describe('parseAppConfig: reporting', () => {
  it('lists every problem, not just the first', () => {
    const yaml = `
version: 1.2.5
fileConfig:
  imageGeneration:
    percentage: 150
modelSpecs:
  list: []
mcpServers:
  ws:
    type: websocket
    url: http://example.com
endpoints:
  custom:
    - name: openAI
      apiKey: x
      baseURL: https://example.com
      models:
        default: []
    - name: NoKey
      baseURL: https://example.com
      models:
        default: [a]
`;
    expect(errors(parseAppConfig(yaml))).toEqual([
      'fileConfig.imageGeneration.percentage: Must be 100 or less',
      'modelSpecs.list: Must have at least 1 entry',
      'mcpServers.ws.url: WebSocket URL must start with ws:// or wss://',
      'endpoints.custom[0].name: Custom endpoint name "openAI" is reserved for a built-in endpoint',
      'endpoints.custom[0].models.default: Must list at least 1 model',
      'endpoints.custom[1].apiKey: Required',
    ]);
  });

  it('reports YAML syntax errors with their line and column', () => {
    const result = errors(parseAppConfig('version: 1.2.5\nendpoints:\n  custom: [a, b\ninterface: {\n'));
    expect(result.length).toBeGreaterThanOrEqual(1);
    expect(result[0]).toMatch(/^line 4, column 1: Flow sequence .* end with a \]$/);
    expect(errors(parseAppConfig('version: 1.2.5\nversion: 1.2.4\n'))).toEqual([
      'line 2, column 1: Map keys must be unique',
    ]);
  });

  it('rejects a document that is not a mapping', () => {
    expect(errors(parseAppConfig('- a\n- b\n'))).toEqual([
      'The config must be a mapping of keys to values (e.g. `version: 1.2.5`).',
    ]);
  });

  it('names the wrong type of a field', () => {
    expect(errors(parseAppConfigObject({ cache: 'yes', registration: { socialLogins: 'github' } }))).toEqual([
      'cache: Invalid input: expected boolean, received string',
      'registration.socialLogins: Invalid input: expected array, received string',
    ]);
  });
});

describe('resolveEnvReference', () => {
  const env = { OPENROUTER_KEY: 'sk-or-secret', JWT_SECRET: 'jwt-secret', EMPTY: '' };

  it('expands a whole-value ${NAME} reference', () => {
    expect(resolveEnvReference('${OPENROUTER_KEY}', env)).toBe('sk-or-secret');
    expect(resolveEnvReference('  ${OPENROUTER_KEY} ', env)).toBe('sk-or-secret');
  });

  it('gives undefined for an unset or empty variable', () => {
    expect(resolveEnvReference('${MISSING}', env)).toBeUndefined();
    expect(resolveEnvReference('${EMPTY}', env)).toBeUndefined();
    expect(resolveEnvReference('${constructor}', env)).toBeUndefined();
  });

  it('never expands a reference embedded in a longer string', () => {
    for (const value of [
      'https://attacker.example/?k=${JWT_SECRET}',
      'Bearer ${JWT_SECRET}',
      '${JWT_SECRET}${OPENROUTER_KEY}',
      '${JWT_SECRET}x',
      '$JWT_SECRET',
      '{JWT_SECRET}',
    ]) {
      expect(resolveEnvReference(value, env)).toBe(value);
    }
  });

  it('returns other values unchanged', () => {
    expect(resolveEnvReference('user_provided', env)).toBe('user_provided');
    expect(resolveEnvReference('ollama', env)).toBe('ollama');
  });
});

describe('interface links', () => {
  it('refuses a javascript: privacy policy link', () => {
    const result = parseAppConfig(
      'version: 1.2.5\ninterface:\n  privacyPolicy:\n    externalUrl: "javascript:alert(1)"\n',
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual(['interface.privacyPolicy.externalUrl: Must be an http:// or https:// URL']);
  });
});
