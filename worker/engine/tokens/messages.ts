/**
 * Token counts for the chat engine: context truncation, the balance check and the usage
 * fallback when a provider reports none. Counting itself lives in ./index.ts (one
 * interface for the engine, `POST /api/tokenizer` and message edits; today a
 * vocabulary-free estimate fitted to OpenAI's o200k BPE, erring high), so a real tokenizer
 * plugged in there changes these numbers everywhere at once.
 *
 * Where provider usage is reported (OpenAI with `include_usage`, Anthropic, Gemini, Bedrock)
 * the engine bills from the provider's figures; the estimate is the fallback.
 */
import { countTokens } from './index';

/**
 * Chat formats wrap every message in role markers: OpenAI documents 3 tokens per message (plus
 * 3 priming the reply), which is close for the other providers too.
 */
export const MESSAGE_OVERHEAD_TOKENS = 3;

/** The token count of `text` (for `model`, once counting depends on it). */
export function estimateTokens(text: string, model?: string | null): number {
  return countTokens(text, model);
}

/** A message's share of a prompt: its text plus the chat format's per-message overhead. */
export function estimateMessageTokens(text: string, model?: string | null): number {
  return estimateTokens(text, model) + MESSAGE_OVERHEAD_TOKENS;
}
