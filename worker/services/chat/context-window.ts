/**
 * How many tokens of history a reply may be given when the conversation does not set
 * `maxContextTokens`: the model family's context window, minus room for the reply. Matched by
 * the first pattern that fits, most specific first; unknown models (custom endpoints, local
 * models) get a small window that every current model accepts.
 */
interface WindowRule {
  pattern: RegExp;
  tokens: number;
}

/** Kept below each family's published window, leaving room for the reply and format overhead. */
const WINDOW_RULES: readonly WindowRule[] = [
  { pattern: /gpt-4\.1/i, tokens: 1_000_000 },
  { pattern: /gpt-4o|gpt-4-turbo|gpt-4-1106|gpt-4-0125|chatgpt-4o/i, tokens: 127_500 },
  { pattern: /(?:^|[^a-z0-9])o[1-9](?:-|$)/i, tokens: 195_000 },
  { pattern: /gpt-4-32k/i, tokens: 32_758 },
  { pattern: /gpt-4/i, tokens: 8_187 },
  { pattern: /gpt-3\.5/i, tokens: 16_375 },
  { pattern: /claude/i, tokens: 200_000 },
  { pattern: /gemini-(?:1\.5|2)/i, tokens: 1_000_000 },
  { pattern: /gemini/i, tokens: 30_720 },
  { pattern: /nova-(?:pro|lite)/i, tokens: 300_000 },
  { pattern: /llama3-1|llama3-2|llama3-3|llama-3\.[123]/i, tokens: 127_500 },
  { pattern: /mistral-large|command-r/i, tokens: 127_500 },
];

/** A window every current chat model accepts: used for models nothing above recognises. */
export const UNKNOWN_MODEL_CONTEXT_TOKENS = 8_000;

/** The context budget of `model`, or the conversation's own `maxContextTokens` when positive. */
export function contextWindowTokens(model: string, configured: number | undefined): number {
  if (configured !== undefined && Number.isFinite(configured) && configured > 0) return Math.floor(configured);
  return WINDOW_RULES.find((rule) => rule.pattern.test(model))?.tokens ?? UNKNOWN_MODEL_CONTEXT_TOKENS;
}
