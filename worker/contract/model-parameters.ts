/**
 * The model parameters' ranges and defaults per provider (LibreChat's),
 * as plain data: the worker clamps with it (providers/parameters.ts) and the web's parameter
 * panel draws its sliders from it, so both always agree. Imports nothing.
 *
 * `step` is the slider granularity. The server clamps to min/max but does not snap to the
 * step: a preset or API caller may send 0.555 and gets 0.555, and snapping the thinking budget
 * (min 1024, step 100) would move its own default of 2000 off the grid.
 */

export interface NumericRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** Applied when the option is unset; absent means "leave it to the provider". */
  readonly default?: number;
}

/** openAI, azureOpenAI and custom (OpenAI-compatible) endpoints. */
export const OPENAI_PARAMETER_RANGES = {
  temperature: { min: 0, max: 2, step: 0.01, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 1 },
  presence_penalty: { min: 0, max: 2, step: 0.01, default: 0 },
  frequency_penalty: { min: 0, max: 2, step: 0.01, default: 0 },
  // No range in LibreChat: at least one token, the model's own limit applies above that.
  max_tokens: { min: 1, max: Number.MAX_SAFE_INTEGER, step: 1 },
} as const satisfies Record<string, NumericRange>;

/** The imageDetail slider: 0 to 2, mapping to these levels in order. */
export const IMAGE_DETAIL_LEVELS = ['low', 'auto', 'high'] as const;
export type ImageDetail = (typeof IMAGE_DETAIL_LEVELS)[number];
export const IMAGE_DETAIL_RANGE = { min: 0, max: 2, step: 1, default: 1 } as const satisfies NumericRange;
export const DEFAULT_IMAGE_DETAIL: ImageDetail = 'auto';

export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;

export const GOOGLE_PARAMETER_RANGES = {
  maxOutputTokens: { min: 1, max: 64000, step: 1, default: 8192 },
  temperature: { min: 0, max: 2, step: 0.01, default: 1 },
  topP: { min: 0, max: 1, step: 0.01, default: 0.95 },
  topK: { min: 1, max: 40, step: 1, default: 40 },
} as const satisfies Record<string, NumericRange>;

/** Anthropic's output cap for models outside the 3.5-sonnet / 3.7 (and newer) families. */
export const ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS = 4096;

export const ANTHROPIC_PARAMETER_RANGES = {
  temperature: { min: 0, max: 1, step: 0.01, default: 1 },
  // The default is for current models; legacy ones default to (and are capped at) 4096.
  maxOutputTokens: { min: 1, max: 128000, step: 1, default: 8192 },
  topP: { min: 0, max: 1, step: 0.01, default: 0.7 },
  topK: { min: 1, max: 40, step: 1, default: 5 },
  thinkingBudget: { min: 1024, max: 200000, step: 100, default: 2000 },
} as const satisfies Record<string, NumericRange>;

export const ANTHROPIC_DEFAULT_FLAGS = { promptCache: true, thinking: true } as const;

/**
 * Claude models on Bedrock: Anthropic's table with Bedrock's wider topK (0 to 500). Only the
 * output cap, thinking and its budget get defaults there; Bedrock leaves temperature, topP and
 * topK to the model unless the user sets them.
 */
export const BEDROCK_ANTHROPIC_PARAMETER_RANGES = {
  ...ANTHROPIC_PARAMETER_RANGES,
  temperature: { min: 0, max: 1, step: 0.01 },
  topP: { min: 0, max: 1, step: 0.01 },
  topK: { min: 0, max: 500, step: 1 },
} as const satisfies Record<string, NumericRange>;

/** Other Bedrock models (Converse API inference settings); Cohere's topP is narrower. */
export const BEDROCK_PARAMETER_RANGES = {
  temperature: { min: 0, max: 1, step: 0.01 },
  topP: { min: 0, max: 1, step: 0.01 },
  maxOutputTokens: { min: 1, max: 128000, step: 1 },
} as const satisfies Record<string, NumericRange>;
export const BEDROCK_COHERE_TOP_P = { min: 0.01, max: 0.99, step: 0.01 } as const satisfies NumericRange;

/** Stop sequences: 0 to 4. */
export const MAX_STOP_SEQUENCES = 4;

/** The model an endpoint starts with when nothing else picks one. */
export const DEFAULT_MODELS = {
  openAI: 'gpt-4o-mini',
  google: 'gemini-1.5-flash-latest',
  anthropic: 'claude-3-5-sonnet-latest',
  agents: 'gpt-3.5-turbo-test',
} as const;
