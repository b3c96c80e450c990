import { z } from 'zod';

/** The built-in endpoint names (LibreChat's `EModelEndpoint`). Custom endpoints may not reuse them. */
export const BUILT_IN_ENDPOINTS = [
  'azureOpenAI',
  'openAI',
  'google',
  'anthropic',
  'assistants',
  'azureAssistants',
  'agents',
  'custom',
  'bedrock',
  'gptPlugins',
  'chatGPTBrowser',
] as const;
export const builtInEndpointSchema = z.enum(BUILT_IN_ENDPOINTS);
export type BuiltInEndpoint = z.infer<typeof builtInEndpointSchema>;

/**
 * The order endpoints are listed in when the config's `ENDPOINTS` does not say otherwise
 * (LibreChat's default order). Custom endpoints follow, in the order the config lists them.
 */
export const DEFAULT_ENDPOINT_ORDER: readonly BuiltInEndpoint[] = [
  'openAI',
  'assistants',
  'azureAssistants',
  'gptPlugins',
  'azureOpenAI',
  'google',
  'chatGPTBrowser',
  'anthropic',
  'agents',
  'bedrock',
];

/** Who supplies an endpoint's credentials. */
export const AUTH_TYPES = ['override_auth', 'user_provided', 'system_defined'] as const;
export const authTypeSchema = z.enum(AUTH_TYPES);

export const AGENT_CAPABILITIES = [
  'execute_code',
  'file_search',
  'artifacts',
  'actions',
  'tools',
  'ocr',
  'chain',
  'hide_sequential_outputs',
  'end_after_tools',
] as const;
export const ASSISTANT_CAPABILITIES = ['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools'] as const;

/** The all-zeros parent id of a conversation's first message. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

export function isBuiltInEndpoint(name: string): name is BuiltInEndpoint {
  return (BUILT_IN_ENDPOINTS as readonly string[]).includes(name);
}
