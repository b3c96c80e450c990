/**
 * What a model's name says about the parameters it takes, for the parameters panel. The
 * worker applies the same rules when it builds the provider request
 * (worker/providers/openai/model-family.ts, worker/providers/parameters.ts); they are not in
 * worker/contract, so the panel keeps its own copy of the name patterns. Numbers come from the
 * contract only.
 */

/** OpenAI's o-series (o1, o3-mini, openai/o4-mini…), never gpt-4o. */
const O_SERIES_MODEL = /(?:^|\/)o[1-9]\d*(?:$|-)/i;
/** gpt-5, gpt-5-mini… reason; gpt-5-chat-latest does not. */
const GPT_5_REASONING_MODEL = /(?:^|\/)gpt-5(?![\w.-]*-chat)/i;

/** Whether the model takes `reasoning_effort` (the panel shows the choice only for these). */
export function isReasoningModel(model: string | null | undefined): boolean {
  if (!model) return false;
  return O_SERIES_MODEL.test(model) || GPT_5_REASONING_MODEL.test(model);
}

export function isClaudeModel(model: string | null | undefined): boolean {
  return Boolean(model && /claude/i.test(model));
}

/** Cohere models on Bedrock have a narrower topP range. */
export function isCohereModel(model: string | null | undefined): boolean {
  return Boolean(model && /cohere\./i.test(model));
}

/** claude-3-5-sonnet… and claude-3-7… escape the legacy output cap. */
const CURRENT_CLAUDE_3_FAMILY = /claude-3[-.](?:5-sonnet|7)/i;
/** The generation after `claude-` or `claude-{opus|sonnet|haiku}-`; an 8-digit date never counts. */
const CLAUDE_GENERATION = /claude-(?:(?:opus|sonnet|haiku)-)?(\d{1,2})(?!\d)/i;

/**
 * Whether Anthropic's legacy output cap (4096) applies: LibreChat names 3.5-sonnet and 3.7 as
 * the families outside it; generations from 4 on are newer still, so they are outside it too.
 */
export function isLegacyAnthropicModel(model: string | null | undefined): boolean {
  // No model chosen yet is not a legacy model: the range must not narrow before one is.
  if (!model) return false;
  if (CURRENT_CLAUDE_3_FAMILY.test(model)) return false;
  const generation = Number(CLAUDE_GENERATION.exec(model)?.[1]);
  return !(generation >= 4);
}
