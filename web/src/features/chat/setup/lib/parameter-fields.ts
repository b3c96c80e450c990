import {
  ANTHROPIC_DEFAULT_FLAGS,
  ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
  ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_COHERE_TOP_P,
  BEDROCK_PARAMETER_RANGES,
  GOOGLE_PARAMETER_RANGES,
  OPENAI_PARAMETER_RANGES,
  REASONING_EFFORTS,
  type NumericRange,
} from '@contract/model-parameters';
import type { TranslationKey } from '@/lib/i18n/keys';
import { isClaudeModel, isCohereModel, isLegacyAnthropicModel, isReasoningModel } from './model-family';
import { isOpenAIStyle, type ParameterKind } from './parameter-kind';

/**
 * Which inputs the parameters panel shows for an endpoint and model, in order, with their
 * ranges taken from worker/contract/model-parameters.ts (the table the worker clamps with).
 * The query-string parser checks values against the same descriptors.
 */

export type NumericSetupKey =
  | 'temperature'
  | 'top_p'
  | 'presence_penalty'
  | 'frequency_penalty'
  | 'max_tokens'
  | 'maxOutputTokens'
  | 'maxTokens'
  | 'topP'
  | 'topK'
  | 'thinkingBudget'
  | 'maxContextTokens';

export type NumberField = {
  type: 'number';
  key: NumericSetupKey;
  label: TranslationKey;
  range: NumericRange;
  integer: boolean;
};
export type ToggleField = {
  type: 'toggle';
  key: 'resendFiles' | 'promptCache' | 'thinking';
  label: TranslationKey;
  defaultValue: boolean;
};
export type ImageDetailField = { type: 'imageDetail'; key: 'imageDetail'; label: TranslationKey };
export type ChoiceField = {
  type: 'choice';
  key: 'reasoning_effort';
  label: TranslationKey;
  options: readonly string[];
};
export type TextField = {
  type: 'text' | 'textarea';
  key: 'modelLabel' | 'promptPrefix' | 'region';
  label: TranslationKey;
};
export type StopField = { type: 'stop'; key: 'stop'; label: TranslationKey };

/** `requires: 'thinking'`: shown only while thinking is on (the budget means nothing otherwise). */
export type ParameterField = (NumberField | ToggleField | ImageDetailField | ChoiceField | TextField | StopField) & {
  requires?: 'thinking';
};

/**
 * The conversation's context budget has no range in LibreChat: at least one token; the model's
 * own window applies when unset (the worker's context-window table).
 */
export const MAX_CONTEXT_TOKENS_RANGE: NumericRange = { min: 1, max: Number.MAX_SAFE_INTEGER, step: 1 };

/**
 * Files are sent again with later messages unless the user turns it off (LibreChat's
 * default); the contract has no flag for it because the worker only reads what is set.
 */
export const RESEND_FILES_DEFAULT = true;

const number = (key: NumericSetupKey, label: TranslationKey, range: NumericRange, integer = false): NumberField => ({
  type: 'number',
  key,
  label,
  range,
  integer,
});

const customInstructions: ParameterField[] = [
  { type: 'text', key: 'modelLabel', label: 'com_endpoint_custom_name' },
  { type: 'textarea', key: 'promptPrefix', label: 'com_endpoint_prompt_prefix' },
];
const contextTokens = number('maxContextTokens', 'com_endpoint_context_tokens', MAX_CONTEXT_TOKENS_RANGE, true);
const stop: StopField = { type: 'stop', key: 'stop', label: 'com_endpoint_stop' };
const resendFiles: ToggleField = {
  type: 'toggle',
  key: 'resendFiles',
  label: 'com_endpoint_resend_files',
  defaultValue: RESEND_FILES_DEFAULT,
};
const thinking: ParameterField[] = [
  { type: 'toggle', key: 'thinking', label: 'com_endpoint_thinking', defaultValue: ANTHROPIC_DEFAULT_FLAGS.thinking },
  {
    ...number('thinkingBudget', 'com_endpoint_thinking_budget', ANTHROPIC_PARAMETER_RANGES.thinkingBudget, true),
    requires: 'thinking',
  },
];

/** Anthropic's output cap: legacy models are capped at (and default to) 4096. */
export function anthropicOutputRange(model: string | null | undefined): NumericRange {
  const range = ANTHROPIC_PARAMETER_RANGES.maxOutputTokens;
  if (!isLegacyAnthropicModel(model)) return range;
  return { ...range, max: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS, default: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS };
}

function openAIFields(model: string | null | undefined): ParameterField[] {
  const ranges = OPENAI_PARAMETER_RANGES;
  return [
    ...customInstructions,
    number('temperature', 'com_endpoint_temperature', ranges.temperature),
    number('top_p', 'com_endpoint_top_p', ranges.top_p),
    number('presence_penalty', 'com_endpoint_presence_penalty', ranges.presence_penalty),
    number('frequency_penalty', 'com_endpoint_frequency_penalty', ranges.frequency_penalty),
    number('max_tokens', 'com_endpoint_max_output_tokens', ranges.max_tokens, true),
    contextTokens,
    stop,
    ...(isReasoningModel(model)
      ? [
          {
            type: 'choice',
            key: 'reasoning_effort',
            label: 'com_endpoint_reasoning_effort',
            options: REASONING_EFFORTS,
          } satisfies ChoiceField,
        ]
      : []),
    { type: 'imageDetail', key: 'imageDetail', label: 'com_endpoint_image_detail' },
    resendFiles,
  ];
}

function anthropicFields(model: string | null | undefined): ParameterField[] {
  const ranges = ANTHROPIC_PARAMETER_RANGES;
  return [
    ...customInstructions,
    number('temperature', 'com_endpoint_temperature', ranges.temperature),
    number('maxOutputTokens', 'com_endpoint_max_output_tokens', anthropicOutputRange(model), true),
    number('topP', 'com_endpoint_top_p', ranges.topP),
    number('topK', 'com_endpoint_top_k', ranges.topK, true),
    contextTokens,
    stop,
    {
      type: 'toggle',
      key: 'promptCache',
      label: 'com_endpoint_prompt_cache',
      defaultValue: ANTHROPIC_DEFAULT_FLAGS.promptCache,
    },
    ...thinking,
    resendFiles,
  ];
}

function googleFields(): ParameterField[] {
  const ranges = GOOGLE_PARAMETER_RANGES;
  return [
    ...customInstructions,
    number('maxOutputTokens', 'com_endpoint_max_output_tokens', ranges.maxOutputTokens, true),
    number('temperature', 'com_endpoint_temperature', ranges.temperature),
    number('topP', 'com_endpoint_top_p', ranges.topP),
    number('topK', 'com_endpoint_top_k', ranges.topK, true),
    contextTokens,
    stop,
    resendFiles,
  ];
}

/** Bedrock names its output cap `maxTokens`. */
const bedrockRegion: TextField = { type: 'text', key: 'region', label: 'com_endpoint_region' };

/** Claude models on Bedrock: Anthropic's table with topK 0..500, and thinking. */
function bedrockClaudeFields(model: string | null | undefined): ParameterField[] {
  const ranges = BEDROCK_ANTHROPIC_PARAMETER_RANGES;
  return [
    bedrockRegion,
    ...customInstructions,
    number('temperature', 'com_endpoint_temperature', ranges.temperature),
    number('maxTokens', 'com_endpoint_max_output_tokens', anthropicOutputRange(model), true),
    number('topP', 'com_endpoint_top_p', ranges.topP),
    number('topK', 'com_endpoint_top_k', ranges.topK, true),
    contextTokens,
    stop,
    ...thinking,
    resendFiles,
  ];
}

/** Other Bedrock models: the Converse settings; Cohere's topP is narrower. */
function bedrockOtherFields(model: string | null | undefined): ParameterField[] {
  const ranges = BEDROCK_PARAMETER_RANGES;
  return [
    bedrockRegion,
    ...customInstructions,
    number('temperature', 'com_endpoint_temperature', ranges.temperature),
    number('maxTokens', 'com_endpoint_max_output_tokens', ranges.maxOutputTokens, true),
    number('topP', 'com_endpoint_top_p', isCohereModel(model) ? BEDROCK_COHERE_TOP_P : ranges.topP),
    contextTokens,
    stop,
    resendFiles,
  ];
}

/** Every input of the endpoint's table for this model, in display order. */
export function parameterFields(kind: ParameterKind, model: string | null | undefined): ParameterField[] {
  if (isOpenAIStyle(kind)) return openAIFields(model);
  if (kind === 'anthropic') return anthropicFields(model);
  if (kind === 'google') return googleFields();
  return isClaudeModel(model) ? bedrockClaudeFields(model) : bedrockOtherFields(model);
}

const numberField = (fields: readonly ParameterField[], key: string): NumberField | undefined =>
  fields.find(
    (field): field is NumberField & { requires?: 'thinking' } => field.type === 'number' && field.key === key,
  );

/** The numeric field of a setting for this endpoint and model, when its table has one. */
export function numericRangeOf(
  kind: ParameterKind,
  model: string | null | undefined,
  key: string,
): NumberField | undefined {
  return numberField(parameterFields(kind, model), key);
}

/**
 * The loosest bounds any table gives a setting, for a value whose endpoint is not known yet
 * (every variant: Bedrock's Claude and other tables differ). Undefined when no table has it.
 */
export function widestRangeOf(key: string): NumericRange | undefined {
  const tables = [
    openAIFields(undefined),
    anthropicFields(undefined),
    googleFields(),
    bedrockClaudeFields(undefined),
    bedrockOtherFields(undefined),
  ];
  const ranges = tables
    .map((fields) => numberField(fields, key)?.range)
    .filter((range): range is NumericRange => range !== undefined);
  if (ranges.length === 0) return undefined;
  return {
    min: Math.min(...ranges.map((range) => range.min)),
    max: Math.max(...ranges.map((range) => range.max)),
    step: Math.min(...ranges.map((range) => range.step)),
  };
}
