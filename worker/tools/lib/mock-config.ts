import { stringify } from 'yaml';

export interface MockEndpointConfig {
  /** The custom endpoint's name, shown in the endpoint menu. */
  name: string;
  /** Shown as the assistant's name on replies. */
  modelDisplayLabel: string;
  apiKey: string;
  /** The mock's OpenAI base URL, e.g. http://127.0.0.1:41234/v1 */
  baseURL: string;
  models?: string[];
  /** Ask the mock for its model list (GET /v1/models) as well. */
  fetchModels?: boolean;
  /** Title new conversations with the mock (default true). */
  titleConvo?: boolean;
  /**
   * The models that see images (the config's `visionModels`); by default every model listed, so
   * the mock describes the images it receives. `[mock:vision=off]` still makes it refuse them.
   */
  visionModels?: string[];
}

/**
 * A librechat.yaml (config version 1.2.5) with custom, OpenAI-compatible endpoints (one or
 * several) served by the local mock provider. Used by `npm run demo` and the end-to-end tests. `sections` adds top-level
 * sections (e.g. `registration` for the social login tests); `endpointSections` adds settings of
 * built-in endpoints under `endpoints` (e.g. `bedrock: { baseURL }` for the demo).
 */
export function mockEndpointConfigYaml(
  endpoints: MockEndpointConfig | readonly MockEndpointConfig[],
  comment: string,
  sections: Record<string, unknown> = {},
  endpointSections: Record<string, unknown> = {},
): string {
  const document = {
    version: '1.2.5',
    cache: true,
    ...sections,
    endpoints: {
      ...endpointSections,
      custom: (Array.isArray(endpoints) ? endpoints : [endpoints]).map(customEndpoint),
    },
  };
  const header = comment
    .split('\n')
    .map((line) => `# ${line}`.trimEnd())
    .join('\n');
  return `${header}\n${stringify(document)}`;
}

function customEndpoint(endpoint: MockEndpointConfig): Record<string, unknown> {
  const models = endpoint.models ?? ['mock-fast', 'mock-slow'];
  return {
    name: endpoint.name,
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    models: { default: models, fetch: endpoint.fetchModels ?? true },
    titleConvo: endpoint.titleConvo ?? true,
    titleModel: models[0] ?? 'mock-fast',
    modelDisplayLabel: endpoint.modelDisplayLabel,
    visionModels: endpoint.visionModels ?? models,
  };
}

/**
 * librechat.yaml's `speech` section with the mock as both engines (OpenAI's wire format at its
 * `/v1`), so dictation and read-aloud work without a real engine.
 */
export function mockSpeechSection(baseURL: string, apiKey: string): Record<string, unknown> {
  return {
    stt: { openai: { url: baseURL, apiKey, model: 'whisper-1' } },
    tts: { openai: { url: baseURL, apiKey, model: 'tts-1', voices: ['alloy', 'echo', 'nova'] } },
  };
}
