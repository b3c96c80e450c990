/**
 * Builds an Anthropic Messages API request (body and beta flags) from a ChatRequest, following
 * the API's rules so a valid conversation is never refused for its shape: alternating turns that
 * start with the user, no empty text blocks, no trailing whitespace on a final assistant turn,
 * and sampling parameters only where thinking allows them.
 */
import { argsObject, inCallOrder } from '../tool-rounds';
import { parseDataUrl, toAlternatingTurns, type Turn, type TurnPart } from '../turns';
import { ProviderError, type ChatRequest } from '../types';
import { defaultMaxTokens, samplingFor, supportsPromptCache, thinkingBudget } from './models';

type CacheControl = { type: 'ephemeral' };
type MediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Blocks a user turn ends with, the only ones given a cache breakpoint (thinking blocks refuse one). */
type CacheableBlock =
  | { type: 'text'; text: string; cache_control?: CacheControl }
  | {
      type: 'image';
      source: { type: 'base64'; media_type: MediaType; data: string } | { type: 'url'; url: string };
      cache_control?: CacheControl;
    }
  | { type: 'tool_result'; tool_use_id: string; content?: string; is_error?: true; cache_control?: CacheControl };

export type AnthropicContentBlock =
  | CacheableBlock
  | { type: 'thinking'; thinking: string; signature: string; cache_control?: never }
  | { type: 'redacted_thinking'; data: string; cache_control?: never }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown>; cache_control?: never };

interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  cache_control?: CacheControl;
}

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
  tools?: AnthropicTool[];
  tool_choice?: { type: 'auto' };
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
  const turns = withoutTrailingWhitespace(toAlternatingTurns(inCallOrder(request.messages)));
  if (turns.length === 0) throw new ProviderError('invalid_request_error', 'There is no user message to send.');
  const messages = turns.map((turn) => ({ role: turn.role, content: turn.parts.flatMap(toBlocks) }));

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
  if (request.tools?.length) {
    // `auto`: a forced tool choice is refused with thinking on.
    body.tools = request.tools.map(({ name, description, parameters }) => ({
      name,
      ...(description ? { description } : {}),
      input_schema: parameters,
    }));
    body.tool_choice = { type: 'auto' };
    // Tools come first in the cached prefix: a breakpoint on the last one caches them all.
    const last = body.tools.at(-1);
    if (cache && last) last.cache_control = EPHEMERAL;
  }
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
    if (last && isCacheable(last)) last.cache_control = EPHEMERAL;
    marked += 1;
  }
}

function isCacheable(block: AnthropicContentBlock): block is CacheableBlock {
  return block.type === 'text' || block.type === 'image' || block.type === 'tool_result';
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

/**
 * One part as Anthropic blocks. An assistant turn of a tool loop is echoed exactly: thinking with
 * its signature (the API refuses a tool-using turn whose signed thinking is missing), redacted
 * thinking, text and tool_use with the parsed input. Reasoning without a signature cannot be
 * echoed (the API would refuse it) and is left out. Results carry `is_error` only when failed.
 */
function toBlocks(part: TurnPart): AnthropicContentBlock[] {
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: part.text }];
    case 'image':
      return [imageBlock(part.url)];
    case 'reasoning':
      return part.signature ? [{ type: 'thinking', thinking: part.text, signature: part.signature }] : [];
    case 'redacted_reasoning':
      return [{ type: 'redacted_thinking', data: part.data }];
    case 'tool_call':
      return [{ type: 'tool_use', id: part.id, name: part.name, input: argsObject(part.args) }];
    case 'tool_result':
      return [
        {
          type: 'tool_result',
          tool_use_id: part.callId,
          ...(part.output !== '' ? { content: part.output } : {}),
          ...(part.isError ? { is_error: true as const } : {}),
        },
      ];
  }
}

function imageBlock(url: string): AnthropicContentBlock {
  const inline = parseDataUrl(url);
  if (!inline) {
    if (/^https:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
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
