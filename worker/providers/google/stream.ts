/**
 * Gemini `streamGenerateContent?alt=sse`: each SSE event is a whole GenerateContentResponse
 * (candidates, usageMetadata, promptFeedback), turned into ProviderEvents. Safety blocks end the
 * reply as `google_error`, after whatever text arrived before them. A function call arrives
 * whole, in a part of its own (several in one chunk when the model calls tools in parallel).
 */
import { count, duringStream, fetchOrFail, isRecord } from '../failures';
import { readSse } from '../sse';
import { localCallId } from '../tool-rounds';
import { ProviderError, type ChatRequest, type FetchLike, type FinishReason, type ProviderEvent } from '../types';
import {
  googleError,
  googleHttpError,
  readGoogleError,
  readSafetyRatings,
  safetyBlock,
  type SafetyRating,
} from './errors';
import { buildGeminiRequest } from './request';

export interface GoogleTarget {
  /** Default https://generativelanguage.googleapis.com; GOOGLE_REVERSE_PROXY replaces it. */
  baseURL?: string;
  apiKey: string;
}

export const GOOGLE_BASE_URL = 'https://generativelanguage.googleapis.com';

/** Finish reasons that mean the reply was withheld, not finished. */
const BLOCKED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);
const FINISH_REASONS: Record<string, FinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  MALFORMED_FUNCTION_CALL: 'error',
};

export function streamGenerateContentUrl(model: string, baseURL?: string): string {
  // Empty means "not set"; a proxy given with its API version already (…/v1beta) is accepted as is.
  const base = (baseURL || GOOGLE_BASE_URL).replace(/\/+$/, '').replace(/\/v1beta$/, '');
  return `${base}/v1beta/models/${encodeURIComponent(model.replace(/^models\//, ''))}:streamGenerateContent?alt=sse`;
}

interface StreamState {
  usage?: Record<string, unknown>;
  finishReason?: string;
  safetyRatings: SafetyRating[];
  /** Function calls so far: the next one's index. */
  calls: number;
}

export async function* streamGoogleChat(
  target: GoogleTarget,
  request: ChatRequest,
  fetchFn: FetchLike = fetch,
): AsyncGenerator<ProviderEvent> {
  const body = JSON.stringify(buildGeminiRequest(request));
  const { signal } = request;
  const response = await fetchOrFail(fetchFn, streamGenerateContentUrl(request.model, target.baseURL), {
    method: 'POST',
    // The key goes in a header, not the ?key= query, so it never lands in proxy or access logs.
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-goog-api-key': target.apiKey },
    body,
    signal,
  });
  if (!response.ok) throw await googleHttpError(response);
  if (!response.body) throw new ProviderError('provider_error', 'Google answered without a body.', response.status);

  const state: StreamState = { safetyRatings: [], calls: 0 };
  try {
    for await (const { data } of readSse(response.body, signal)) {
      yield* interpret(parseChunk(data), state);
    }
  } catch (error) {
    throw duringStream(error, signal);
  }

  const reason = state.finishReason;
  // Gemini's last chunk always names a finish reason; a stream without one was cut short.
  if (reason === undefined) throw new ProviderError('network_error', 'The Google stream ended before a finish reason.');
  if (state.usage) yield usageEvent(state.usage);
  if (BLOCKED.has(reason)) throw safetyBlock('reply', reason, state.safetyRatings);
  // Gemini says STOP after function calls too; the loop needs to know the reply called tools.
  const calledTools = state.calls > 0 && reason === 'STOP';
  yield { type: 'finish', reason: calledTools ? 'tool_calls' : (FINISH_REASONS[reason] ?? reason.toLowerCase()) };
}

function* interpret(chunk: Record<string, unknown>, state: StreamState): Generator<ProviderEvent> {
  const error = readGoogleError(chunk);
  if (error) throw googleError(error);
  if (isRecord(chunk.usageMetadata)) state.usage = chunk.usageMetadata;

  const feedback = isRecord(chunk.promptFeedback) ? chunk.promptFeedback : undefined;
  if (feedback && typeof feedback.blockReason === 'string') {
    throw safetyBlock('prompt', feedback.blockReason, readSafetyRatings(feedback.safetyRatings));
  }

  const candidate = Array.isArray(chunk.candidates) && isRecord(chunk.candidates[0]) ? chunk.candidates[0] : undefined;
  if (!candidate) return;
  const parts =
    isRecord(candidate.content) && Array.isArray(candidate.content.parts)
      ? candidate.content.parts.filter(isRecord)
      : [];
  for (const part of parts) {
    if (isRecord(part.functionCall)) yield* functionCall(part, part.functionCall, state);
    else if (typeof part.text === 'string' && part.text !== '')
      yield part.thought === true ? { type: 'reasoning', text: part.text } : { type: 'text', text: part.text };
  }
  if (typeof candidate.finishReason === 'string' && candidate.finishReason !== 'FINISH_REASON_UNSPECIFIED')
    state.finishReason = candidate.finishReason;
  const ratings = readSafetyRatings(candidate.safetyRatings);
  if (ratings.length > 0) state.safetyRatings = ratings;
}

/**
 * A whole call as start, one piece of arguments, end. Gemini may leave out the id (it pairs
 * results with calls by order), so one is made up for the loop; the part's thoughtSignature rides
 * on the start, to be echoed on the same call.
 */
function* functionCall(
  part: Record<string, unknown>,
  call: Record<string, unknown>,
  state: StreamState,
): Generator<ProviderEvent> {
  const index = state.calls++;
  const id = typeof call.id === 'string' && call.id !== '' ? call.id : localCallId();
  const name = typeof call.name === 'string' ? call.name : '';
  const signature = part.thoughtSignature;
  yield {
    type: 'tool_call_start',
    index,
    id,
    name,
    ...(typeof signature === 'string' && signature !== '' ? { signature } : {}),
  };
  yield { type: 'tool_call_args', index, chunk: isRecord(call.args) ? JSON.stringify(call.args) : '{}' };
  yield { type: 'tool_call_end', index };
}

/**
 * Gemini's prompt count includes tokens served from a context cache; they are reported apart,
 * as cache reads, like Anthropic's. Thinking tokens are billed as output, so they count there.
 */
function usageEvent(usage: Record<string, unknown>): ProviderEvent {
  const cached = count(usage, 'cachedContentTokenCount');
  const event: ProviderEvent = {
    type: 'usage',
    promptTokens: Math.max(0, count(usage, 'promptTokenCount') - cached),
    completionTokens: count(usage, 'candidatesTokenCount') + count(usage, 'thoughtsTokenCount'),
  };
  if (cached > 0) event.cacheReadTokens = cached;
  return event;
}

function parseChunk(data: string): Record<string, unknown> {
  try {
    const chunk: unknown = JSON.parse(data);
    if (isRecord(chunk)) return chunk;
  } catch {
    // Falls through to the error below.
  }
  throw new ProviderError('provider_error', `Google sent an unreadable stream chunk: ${data.slice(0, 200)}`);
}
