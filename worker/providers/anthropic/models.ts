/**
 * What differs between Claude model families, by model id. Used by the Anthropic module and by
 * Bedrock (whose ids look like `us.anthropic.claude-3-7-sonnet-20250219-v1:0`), so the patterns
 * match anywhere in the id.
 */
import { isLegacyAnthropicModel } from '../parameters';
import type { ModelParameters } from '../types';

/** Opus 4.1, the 4.5 generation and later refuse requests that set both temperature and top_p. */
const SINGLE_SAMPLING_KNOB = /claude-(?:opus-4-[1-9]|(?:sonnet|haiku|opus)-4-[5-9]|(?:sonnet|opus|haiku)-[5-9])/;
/** Claude 2 and Instant predate prompt caching; sending cache_control to them is an error. */
const NO_PROMPT_CACHE = /claude-(?:2|instant)/;

/** The API's floor for `thinking.budget_tokens`. */
export const MIN_THINKING_BUDGET = 1024;
/** The thinking budget when none is set (LibreChat's default). */
export const DEFAULT_THINKING_BUDGET = 2000;

/**
 * Extended thinking exists from Claude 3.7 on (claude-3-7-*, claude-sonnet-4*, claude-opus-4-1*,
 * …): the non-legacy families (parameters.ts decides those) except 3.5-sonnet.
 */
export function supportsThinking(model: string): boolean {
  return !isLegacyAnthropicModel(model) && !/claude-3[-.]5/i.test(model);
}

export function supportsPromptCache(model: string): boolean {
  return /claude/.test(model) && !NO_PROMPT_CACHE.test(model);
}

export function rejectsTemperatureWithTopP(model: string): boolean {
  return SINGLE_SAMPLING_KNOB.test(model);
}

/**
 * The default output cap when none was given: 8192 for the 3.5-sonnet / 3.7 (and newer)
 * families, else 4096. parameters.ts normally fills it in already; this keeps a bare request valid.
 */
export function defaultMaxTokens(model: string): number {
  return isLegacyAnthropicModel(model) ? 4096 : 8192;
}

/**
 * The thinking budget to send, or undefined when thinking is off or impossible. The API needs
 * 1024 ≤ budget < max_tokens; like LibreChat, a budget that does not fit is cut to 90% of
 * max_tokens rather than failing the request, and thinking is dropped when even that is too small.
 */
export function thinkingBudget(model: string, parameters: ModelParameters, maxTokens: number): number | undefined {
  if (parameters.thinking !== true || !supportsThinking(model)) return undefined;
  let budget = parameters.thinkingBudget ?? DEFAULT_THINKING_BUDGET;
  if (budget >= maxTokens) budget = Math.floor(maxTokens * 0.9);
  return budget >= MIN_THINKING_BUDGET ? budget : undefined;
}

/**
 * Sampling parameters Anthropic accepts alongside the request's thinking setting. With thinking
 * on, temperature must stay at its default (1), top_k is refused, and top_p only 0.95–1 is allowed.
 */
export function samplingFor(
  model: string,
  parameters: ModelParameters,
  thinking: boolean,
): { temperature?: number; topP?: number; topK?: number } {
  if (thinking) {
    const { topP } = parameters;
    return topP !== undefined && topP >= 0.95 && topP <= 1 ? { topP } : {};
  }
  const sampling: { temperature?: number; topP?: number; topK?: number } = {};
  if (parameters.temperature !== undefined) sampling.temperature = parameters.temperature;
  if (parameters.topP !== undefined && !(sampling.temperature !== undefined && rejectsTemperatureWithTopP(model)))
    sampling.topP = parameters.topP;
  if (parameters.topK !== undefined) sampling.topK = parameters.topK;
  return sampling;
}
