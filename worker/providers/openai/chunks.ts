/**
 * One parsed Chat Completions payload → ProviderEvents. Streamed chunks carry `delta`s, a
 * non-streamed answer carries a whole `message`; both are read the same way, tool calls through
 * the reply's {@link ToolCallAccumulator} (their fragments span chunks). Fields other
 * providers added are understood too: `reasoning_content` (DeepSeek, the mock), `reasoning`
 * (OpenRouter), `refusal` (OpenAI's safety refusals, shown as text).
 */
import type { ProviderEvent } from '../types';
import { errorFromPayload, isRecord } from './errors';
import type { ToolCallAccumulator } from './tool-calls';

/**
 * Events of `payload`, in order reasoning → text → tool calls → finish → usage. Throws the
 * mapped ProviderError when the payload is an error report (`{"error": …}`), which OpenRouter
 * and others send mid-stream.
 */
export function eventsOfPayload(payload: Record<string, unknown>, calls: ToolCallAccumulator): ProviderEvent[] {
  if (payload.error !== undefined && payload.error !== null) throw errorFromPayload(payload);
  const events: ProviderEvent[] = [];
  const choice = firstChoice(payload.choices);
  if (choice) {
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : {};
    const reasoning = nonEmpty(delta.reasoning_content) ?? nonEmpty(delta.reasoning);
    if (reasoning !== undefined) events.push({ type: 'reasoning', text: reasoning });
    const text = nonEmpty(delta.content) ?? nonEmpty(delta.refusal);
    if (text !== undefined) events.push({ type: 'text', text });
    events.push(...calls.fragments(delta.tool_calls));
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
      events.push(...calls.finish(choice.finish_reason));
    }
  }
  const usage = usageOf(payload.usage);
  if (usage) events.push(usage);
  return events;
}

/** The choice with index 0 (we ask for one; an operator's `n` in addParams adds more). */
function firstChoice(choices: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(choices)) return undefined;
  const records = choices.filter(isRecord);
  return records.find((choice) => choice.index === 0) ?? records[0];
}

function usageOf(usage: unknown): Extract<ProviderEvent, { type: 'usage' }> | undefined {
  if (!isRecord(usage)) return undefined;
  const { prompt_tokens: prompt, completion_tokens: completion } = usage;
  if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
  const details = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const cached =
    typeof details.cached_tokens === 'number' && details.cached_tokens > 0 ? details.cached_tokens : undefined;
  return cached === undefined
    ? { type: 'usage', promptTokens: prompt, completionTokens: completion }
    : { type: 'usage', promptTokens: prompt, completionTokens: completion, cacheReadTokens: cached };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
