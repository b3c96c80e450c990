/**
 * Builds an Anthropic Messages API request (body and beta flags) from a ChatRequest, following
 * the API's rules so a valid conversation is never refused for its shape: alternating turns that
 * start with the user, no empty text blocks, no trailing whitespace on a final assistant turn,
 * and sampling parameters only where thinking allows them.
 */
import { parseDataUrl, toAlternatingTurns, type Turn } from '../turns';
import { ProviderError, type ChatContentPart, type ChatRequest } from '../types';
import { defaultMaxTokens, samplingFor, supportsPromptCache, thinkingBudget } from './models';

type CacheControl = { type: 'ephemeral' };
type MediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export type AnthropicContentBlock =
  | { type: 'text'; text: string; cache_control?: CacheControl }
  | {
      type: 'image';
      source: { type: 'base64'; media_type: MediaType; data: string } | { type: 'url'; url: string };
      cache_control?: CacheControl;
    };

export interface AnthropicMessagesBody {
  model: string;
  max_tokens: number;
  stream: true;
  messages: Array<{ role: 'user' | 'assistant'; content: AnthropicContentBlock[] }>;
  system?: string | Array<{ type: 'text'; text: string; cache_control?: CacheControl }>;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  thinking?: { type: 'enabled'; budget_tokens: number };
}

export interface AnthropicRequest {
  body: AnthropicMessagesBody;
  /** Values for the `anthropic-beta` header; empty when none is needed. */
  betas: string[];
}

const MEDIA_TYPES: readonly MediaType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const EPHEMERAL: CacheControl = { type: 'ephemeral' };

export function buildAnthropicRequest(request: ChatRequest): AnthropicRequest {
  const { model, parameters } = request;
  const turns = withoutTrailingWhitespace(toAlternatingTurns(request.messages));
  if (turns.length === 0) throw new ProviderError('invalid_request_error', 'There is no user message to send.');
  const messages = turns.map((turn) => ({ role: turn.role, content: turn.parts.map(toBlock) }));

  const maxTokens = parameters.maxOutputTokens ?? defaultMaxTokens(model);
  // A final assistant turn is a prefill (continue); the API refuses prefill with thinking on.
  const prefill = turns.at(-1)?.role === 'assistant';
  const budget = prefill ? undefined : thinkingBudget(model, parameters, maxTokens);
  const sampling = samplingFor(model, parameters, budget !== undefined);
  const cache = parameters.promptCache === true && supportsPromptCache(model);

  const body: AnthropicMessagesBody = { model, max_tokens: maxTokens, stream: true, messages };
  if (request.system?.trim())
    body.system = cache ? [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] : request.system;
  if (sampling.temperature !== undefined) body.temperature = sampling.temperature;
  if (sampling.topP !== undefined) body.top_p = sampling.topP;
  if (sampling.topK !== undefined) body.top_k = sampling.topK;
  if (parameters.stop?.length) body.stop_sequences = parameters.stop;
  if (budget !== undefined) body.thinking = { type: 'enabled', budget_tokens: budget };
  if (cache) markCacheBreakpoints(messages);

  return { body, betas: betasFor(model, maxTokens, cache) };
}

/**
 * Like LibreChat, the last two user turns get a cache breakpoint: the previous one is read from
 * the cache written by the last request, the newest is written for the next one. With the system
 * prompt that is 3 of the 4 breakpoints the API allows.
 */
function markCacheBreakpoints(messages: AnthropicMessagesBody['messages']): void {
  let marked = 0;
  for (let i = messages.length - 1; i >= 0 && marked < 2; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const last = message.content.at(-1);
    if (last) last.cache_control = EPHEMERAL;
    marked += 1;
  }
}

function betasFor(model: string, maxTokens: number, cache: boolean): string[] {
  const betas: string[] = [];
  // Caching is generally available now; the flag keeps older gateways and proxies working.
  if (cache) betas.push('prompt-caching-2024-07-31');
  if (/claude-3[-.]7/.test(model) && maxTokens > 64_000) betas.push('output-128k-2025-02-19');
  if (/claude-3[-.]5-sonnet/.test(model) && maxTokens > 4096) betas.push('max-tokens-3-5-sonnet-2024-07-15');
  return betas;
}

/** "final assistant content cannot end with trailing whitespace": trim a prefill's end. */
function withoutTrailingWhitespace(turns: Turn[]): Turn[] {
  const last = turns.at(-1);
  if (last?.role !== 'assistant') return turns;
  const parts = [...last.parts];
  const tail = parts.at(-1);
  if (tail?.type === 'text') {
    const text = tail.text.trimEnd();
    if (text === '') parts.pop();
    else parts[parts.length - 1] = { type: 'text', text };
  }
  return parts.length > 0 ? [...turns.slice(0, -1), { role: 'assistant', parts }] : turns.slice(0, -1);
}

function toBlock(part: ChatContentPart): AnthropicContentBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const inline = parseDataUrl(part.url);
  if (!inline) {
    if (/^https:\/\//i.test(part.url)) return { type: 'image', source: { type: 'url', url: part.url } };
    throw new ProviderError('invalid_request_error', 'Anthropic accepts images as data: URLs or https URLs.');
  }
  const mediaType = MEDIA_TYPES.find(
    (type) => type === inline.mimeType || (inline.mimeType === 'image/jpg' && type === 'image/jpeg'),
  );
  if (!mediaType)
    throw new ProviderError(
      'invalid_request_error',
      `Anthropic does not accept images of type ${inline.mimeType}; use JPEG, PNG, GIF or WebP.`,
    );
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: inline.data } };
}
