/**
 * Anthropic Messages API with `stream: true`: the SSE events (message_start, content_block_*,
 * message_delta, message_stop, ping, error) turned into ProviderEvents; the content blocks are
 * read by blocks.ts.
 */
import { count, duringStream, fetchOrFail, isRecord } from '../failures';
import { readSse } from '../sse';
import { ProviderError, type ChatRequest, type FetchLike, type FinishReason, type ProviderEvent } from '../types';
import { BlockReader } from './blocks';
import { anthropicError, anthropicHttpError, errorDetail } from './errors';
import { buildAnthropicRequest } from './request';

export interface AnthropicTarget {
  /** Default https://api.anthropic.com; ANTHROPIC_REVERSE_PROXY replaces it. */
  baseURL?: string;
  apiKey: string;
}

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** `{base}/v1/messages`; a proxy URL given with its `/v1` already (a common setup) is accepted too. */
export function messagesUrl(baseURL?: string): string {
  // An empty ANTHROPIC_REVERSE_PROXY means "not set", as in LibreChat.
  const base = (baseURL || ANTHROPIC_BASE_URL).replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/messages` : `${base}/v1/messages`;
}

/** Token counts as Anthropic reports them: input excludes what was read from or written to the cache. */
interface UsageTally {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export async function* streamAnthropicChat(
  target: AnthropicTarget,
  request: ChatRequest,
  fetchFn: FetchLike = fetch,
): AsyncGenerator<ProviderEvent> {
  const { body, betas } = buildAnthropicRequest(request);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'x-api-key': target.apiKey,
    'anthropic-version': ANTHROPIC_VERSION,
  };
  if (betas.length > 0) headers['anthropic-beta'] = betas.join(',');
  const { signal } = request;
  const response = await fetchOrFail(fetchFn, messagesUrl(target.baseURL), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await anthropicHttpError(response);
  if (!response.body) throw new ProviderError('provider_error', 'Anthropic answered without a body.', response.status);

  const usage: UsageTally = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let stopReason: string | undefined;
  const blocks = new BlockReader();
  try {
    for await (const { data } of readSse(response.body, signal)) {
      const event = parseEvent(data);
      switch (event.type) {
        case 'message_start':
          if (isRecord(event.message) && isRecord(event.message.usage)) tally(usage, event.message.usage);
          break;
        case 'content_block_start':
          yield* blocks.start(event);
          break;
        case 'content_block_delta':
          yield* blocks.delta(event);
          break;
        case 'content_block_stop':
          yield* blocks.stop(event);
          break;
        case 'message_delta':
          if (isRecord(event.delta) && typeof event.delta.stop_reason === 'string')
            stopReason = event.delta.stop_reason;
          if (isRecord(event.usage)) tally(usage, event.usage);
          break;
        case 'error': {
          const detail = errorDetail(event);
          throw anthropicError(detail.type, detail.message ?? data);
        }
        case 'message_stop':
          yield* finish(usage, stopReason);
          return;
        // ping and event types added later carry nothing to show.
      }
    }
  } catch (error) {
    throw duringStream(error, signal);
  }
  // Without message_stop the connection was cut; once message_delta gave the stop reason,
  // everything the model produced has arrived, so the reply is still complete.
  if (stopReason === undefined)
    throw new ProviderError('network_error', 'The Anthropic stream ended before message_stop.');
  yield* finish(usage, stopReason);
}

function* finish(usage: UsageTally, stopReason: string | undefined): Generator<ProviderEvent> {
  const event: ProviderEvent = { type: 'usage', promptTokens: usage.input, completionTokens: usage.output };
  if (usage.cacheRead > 0) event.cacheReadTokens = usage.cacheRead;
  if (usage.cacheWrite > 0) event.cacheWriteTokens = usage.cacheWrite;
  yield event;
  yield { type: 'finish', reason: STOP_REASONS[stopReason ?? 'end_turn'] ?? stopReason ?? 'stop' };
}

/**
 * message_start holds the input counts (and output 1); message_delta holds the cumulative output
 * count and, in newer API versions, the input counts again. Later values replace earlier ones.
 */
function tally(usage: UsageTally, reported: Record<string, unknown>): void {
  // A field that is absent or null (newer message_delta events send nulls) keeps the earlier count.
  const has = (key: string): boolean => typeof reported[key] === 'number';
  if (has('input_tokens')) usage.input = count(reported, 'input_tokens');
  if (has('output_tokens')) usage.output = count(reported, 'output_tokens');
  if (has('cache_read_input_tokens')) usage.cacheRead = count(reported, 'cache_read_input_tokens');
  if (has('cache_creation_input_tokens')) usage.cacheWrite = count(reported, 'cache_creation_input_tokens');
}

function parseEvent(data: string): Record<string, unknown> & { type?: unknown } {
  try {
    const event: unknown = JSON.parse(data);
    if (isRecord(event)) return event;
  } catch {
    // Falls through to the error below.
  }
  throw new ProviderError('provider_error', `Anthropic sent an unreadable stream event: ${data.slice(0, 200)}`);
}
