/**
 * What a model name says about the request it accepts. OpenAI's reasoning models reject the
 * sampling parameters (temperature, top_p, penalties, stop) with a 400, take
 * `max_completion_tokens` instead of `max_tokens`, and want instructions as a `developer`
 * message; the first o1 previews take no instructions at all. Names may carry a vendor prefix
 * (`openai/o3-mini` on OpenRouter-style custom endpoints) and a date suffix.
 */

/** o1, o1-2024-12-17, o3-mini, o4-mini-high, openai/o3 … but not gpt-4o. */
const O_SERIES = /(?:^|\/)o\d+(?:$|-)/i;
/** gpt-5, gpt-5-mini, gpt-5-nano are reasoning models; gpt-5-chat-latest is not. */
const GPT_5_REASONING = /(?:^|\/)gpt-5(?![\w.-]*-chat)/i;
/** o1-mini and o1-preview accept neither system nor developer messages, nor reasoning_effort. */
const NO_INSTRUCTIONS = /(?:^|\/)o1-(?:mini|preview)/i;
/** Chat models that answer 400 to `reasoning_effort`. */
const NO_REASONING_EFFORT = /(?:^|\/)(?:gpt-3\.5|gpt-4|chatgpt-)/i;

export function isReasoningModel(model: string): boolean {
  return O_SERIES.test(model) || GPT_5_REASONING.test(model);
}

export function rejectsInstructions(model: string): boolean {
  return NO_INSTRUCTIONS.test(model);
}

/**
 * Reasoning models that take it, and any model not known to reject it: a user who sets
 * reasoning_effort on a custom endpoint's grok-3-mini or deepseek model meant it.
 */
export function acceptsReasoningEffort(model: string): boolean {
  return !rejectsInstructions(model) && !NO_REASONING_EFFORT.test(model);
}
