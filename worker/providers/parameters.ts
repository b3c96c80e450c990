/**
 * Turns a conversation's raw option values (as stored, or from a preset, a model spec or the
 * chat page's query string) into the {@link ModelParameters} a provider module sends: numbers
 * parsed (numeric strings accepted, blank → unset), clamped to LibreChat's ranges, integers
 * where the provider wants integers, at most 4 stop sequences, and the defaults filled in.
 * The ranges themselves live in contract/model-parameters.ts, shared with the web.
 */
import {
  ANTHROPIC_DEFAULT_FLAGS,
  ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
  ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_COHERE_TOP_P,
  BEDROCK_PARAMETER_RANGES,
  DEFAULT_IMAGE_DETAIL,
  GOOGLE_PARAMETER_RANGES,
  IMAGE_DETAIL_LEVELS,
  IMAGE_DETAIL_RANGE,
  MAX_STOP_SEQUENCES,
  OPENAI_PARAMETER_RANGES,
  REASONING_EFFORTS,
  type ImageDetail,
  type NumericRange,
} from '../contract/model-parameters';
import type { ModelParameters } from './types';

export type ParameterEndpointKind = 'openAI' | 'azureOpenAI' | 'custom' | 'google' | 'anthropic' | 'bedrock';

/** Conversation options as they arrive: some or all of the fields, values not yet trusted. */
export type RawModelOptions = Readonly<Record<string, unknown>>;

export function normaliseParameters(
  kind: ParameterEndpointKind,
  model: string,
  options: RawModelOptions,
): ModelParameters {
  switch (kind) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
      return openAIParameters(options);
    case 'google':
      return googleParameters(options);
    case 'anthropic':
      return anthropicParameters(model, options);
    case 'bedrock':
      return bedrockParameters(model, options);
  }
}

function openAIParameters(options: RawModelOptions): ModelParameters {
  const ranges = OPENAI_PARAMETER_RANGES;
  return compact({
    temperature: number(options.temperature, ranges.temperature),
    topP: number(options.top_p, ranges.top_p),
    presencePenalty: number(options.presence_penalty, ranges.presence_penalty),
    frequencyPenalty: number(options.frequency_penalty, ranges.frequency_penalty),
    maxOutputTokens: integer(options.max_tokens, ranges.max_tokens),
    stop: stopSequences(options.stop),
    reasoningEffort: oneOf(options.reasoning_effort, REASONING_EFFORTS),
    imageDetail: imageDetail(options.imageDetail),
  });
}

function googleParameters(options: RawModelOptions): ModelParameters {
  const ranges = GOOGLE_PARAMETER_RANGES;
  return compact({
    maxOutputTokens: integer(options.maxOutputTokens, ranges.maxOutputTokens),
    temperature: number(options.temperature, ranges.temperature),
    topP: number(options.topP, ranges.topP),
    topK: integer(options.topK, ranges.topK),
    stop: stopSequences(options.stop),
  });
}

function anthropicParameters(model: string, options: RawModelOptions): ModelParameters {
  const ranges = ANTHROPIC_PARAMETER_RANGES;
  return compact({
    temperature: number(options.temperature, ranges.temperature),
    maxOutputTokens: anthropicMaxOutputTokens(model, options.maxOutputTokens),
    topP: number(options.topP, ranges.topP),
    topK: integer(options.topK, ranges.topK),
    stop: stopSequences(options.stop),
    promptCache: flag(options.promptCache) ?? ANTHROPIC_DEFAULT_FLAGS.promptCache,
    thinking: flag(options.thinking) ?? ANTHROPIC_DEFAULT_FLAGS.thinking,
    thinkingBudget: integer(options.thinkingBudget, ranges.thinkingBudget),
  });
}

/**
 * Bedrock names the output cap `maxTokens` (LibreChat's bedrock schema); `maxOutputTokens` is
 * read too so an Anthropic preset moved to Bedrock keeps its cap.
 */
function bedrockParameters(model: string, options: RawModelOptions): ModelParameters {
  const rawMax = options.maxTokens ?? options.maxOutputTokens;
  if (isClaudeModel(model)) {
    const ranges = BEDROCK_ANTHROPIC_PARAMETER_RANGES;
    return compact({
      temperature: number(options.temperature, ranges.temperature),
      maxOutputTokens: anthropicMaxOutputTokens(model, rawMax),
      topP: number(options.topP, ranges.topP),
      topK: integer(options.topK, ranges.topK),
      stop: stopSequences(options.stop),
      thinking: flag(options.thinking) ?? ANTHROPIC_DEFAULT_FLAGS.thinking,
      thinkingBudget: integer(options.thinkingBudget, ranges.thinkingBudget),
    });
  }
  const ranges = BEDROCK_PARAMETER_RANGES;
  return compact({
    temperature: number(options.temperature, ranges.temperature),
    maxOutputTokens: integer(rawMax, ranges.maxOutputTokens),
    topP: number(options.topP, /cohere\./i.test(model) ? BEDROCK_COHERE_TOP_P : ranges.topP),
    stop: stopSequences(options.stop),
  });
}

const CLAUDE_3_CURRENT_FAMILIES = /claude-3[-.](?:5-sonnet|7)/i;
/** The generation number after `claude-` or `claude-{opus|sonnet|haiku}-`; never an 8-digit date. */
const CLAUDE_GENERATION = /claude-(?:(?:opus|sonnet|haiku)-)?(\d{1,2})(?!\d)/i;

export function isClaudeModel(model: string): boolean {
  return /claude/i.test(model);
}

/**
 * Whether LibreChat's 4096 output cap applies. LibreChat names the families that escape it
 * (3.5-sonnet and 3.7); it predates Claude 4, and reading "outside those families" as
 * "everything else" would cap claude-sonnet-4 / opus-4 (64k / 32k outputs) below even
 * 3.5-sonnet, which is not what the rule is for. So: 3.5-sonnet, 3.7 and every generation
 * from 4 on (claude-sonnet-4…, claude-opus-4-1…, claude-4-opus…, Bedrock ids alike) are
 * current; claude-3 opus/sonnet/haiku, 3.5-haiku, claude-2, claude-instant and names that
 * are not recognisably a Claude generation are legacy.
 */
export function isLegacyAnthropicModel(model: string): boolean {
  if (CLAUDE_3_CURRENT_FAMILIES.test(model)) return false;
  const generation = Number(CLAUDE_GENERATION.exec(model)?.[1]);
  return !(generation >= 4);
}

/** Current models: 1..128000, default 8192. Legacy: capped at and defaulting to 4096. */
export function anthropicMaxOutputTokens(model: string, raw: unknown): number {
  const { maxOutputTokens } = ANTHROPIC_PARAMETER_RANGES;
  if (!isLegacyAnthropicModel(model)) return integer(raw, maxOutputTokens) ?? maxOutputTokens.default;
  const legacy = {
    ...maxOutputTokens,
    max: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
    default: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
  };
  return integer(raw, legacy) ?? legacy.default;
}

/** A finite number from a number or numeric string; blank, null and anything else → undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function clamp(value: number, range: Pick<NumericRange, 'min' | 'max'>): number {
  return Math.min(range.max, Math.max(range.min, value));
}

function number(raw: unknown, range: NumericRange): number | undefined {
  const value = toNumber(raw);
  return value === undefined ? range.default : clamp(value, range);
}

/** Token counts and topK go to the API as integers; a 1.5 from a query string must not 400. */
function integer(raw: unknown, range: NumericRange): number | undefined {
  const value = toNumber(raw);
  return value === undefined ? range.default : clamp(Math.round(value), range);
}

function flag(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

function oneOf<const T extends readonly string[]>(raw: unknown, allowed: T): T[number] | undefined {
  return allowed.find((candidate) => candidate === raw);
}

/** A level name, or the slider's 0..2 (numbers or numeric strings, clamped and rounded). */
function imageDetail(raw: unknown): ImageDetail {
  const named = oneOf(raw, IMAGE_DETAIL_LEVELS);
  if (named) return named;
  const value = toNumber(raw);
  if (value === undefined) return DEFAULT_IMAGE_DETAIL;
  return IMAGE_DETAIL_LEVELS[Math.round(clamp(value, IMAGE_DETAIL_RANGE))] ?? DEFAULT_IMAGE_DETAIL;
}

/**
 * A list, or a comma list (the chat page's `stop=` query parameter). Entries are kept as
 * written (a stop sequence may be whitespace such as "\n"); empty ones are dropped and only
 * the first four kept, the most LibreChat (and OpenAI) allow.
 */
function stopSequences(raw: unknown): string[] | undefined {
  const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [];
  const stops = list
    .filter((item): item is string => typeof item === 'string' && item !== '')
    .slice(0, MAX_STOP_SEQUENCES);
  return stops.length ? stops : undefined;
}

/** Drops unset keys, so a caller (and a test) sees exactly the parameters that will be sent. */
function compact(parameters: ModelParameters): ModelParameters {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined) result[key] = value;
  return result as ModelParameters;
}
