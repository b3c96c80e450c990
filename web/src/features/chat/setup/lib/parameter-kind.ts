import type { ChatSetup } from '@/shared/conversation/types';

/** The endpoints whose model parameters the panel edits, one parameter table each. */
export const PARAMETER_KINDS = ['openAI', 'azureOpenAI', 'custom', 'google', 'anthropic', 'bedrock'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

/**
 * The parameter table a setup uses: custom endpoints are OpenAI-compatible whatever their
 * name; assistants, agents and the legacy endpoints have no parameters here (null).
 */
export function parameterKindOf(setup: Pick<ChatSetup, 'endpoint' | 'endpointType'>): ParameterKind | null {
  if (setup.endpointType === 'custom') return 'custom';
  const name = setup.endpointType || setup.endpoint;
  return PARAMETER_KINDS.find((kind) => kind === name) ?? null;
}

/** OpenAI, Azure and custom endpoints share one table. */
export const isOpenAIStyle = (kind: ParameterKind): boolean =>
  kind === 'openAI' || kind === 'azureOpenAI' || kind === 'custom';
