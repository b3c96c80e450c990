/**
 * Token counting, behind one interface so callers (the chat engine's context truncation and
 * usage fallback, `POST /api/tokenizer`, message edits) never depend on how it is done.
 *
 * Today every model is counted by the vocabulary-free estimate (./estimate.ts). A real BPE
 * (o200k_base for gpt-4o / gpt-4.1 / o-series / gpt-5, cl100k_base for gpt-4 / gpt-3.5) can
 * be plugged in through {@link tokenCounterFor} without touching a caller; Anthropic, Google
 * and Bedrock models have vocabularies of their own that are not public, so they stay on an
 * approximation either way (their usage figures come from the provider when a reply ends).
 */
import { estimateTokens } from './estimate';

export interface TokenCounter {
  /** What counts: `estimate`, or the BPE's name once one is added. */
  readonly name: string;
  count(text: string): number;
}

export const estimateCounter: TokenCounter = { name: 'estimate', count: estimateTokens };

/**
 * The counter for `model`. Every model uses the estimate for now; the parameter is where the
 * choice of a BPE per model family goes.
 */
export function tokenCounterFor(_model?: string | null): TokenCounter {
  return estimateCounter;
}

/** The number of tokens of `text` for `model` (0 for the empty string). */
export function countTokens(text: string, model?: string | null): number {
  return text === '' ? 0 : tokenCounterFor(model).count(text);
}
