/**
 * The Chat Completions request body for a {@link ChatRequest}: messages in OpenAI's shape and
 * the parameters the model family accepts, then the operator's `addParams` / `dropParams`.
 */
import type { ChatContentPart, ChatMessage, ChatRequest } from '../types';
import { acceptsReasoningEffort, isReasoningModel, rejectsInstructions } from './model-family';

type OpenAIContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'low' | 'auto' | 'high' } };

export interface OpenAIMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string | OpenAIContentPart[];
}

export interface BodyOptions {
  addParams?: Record<string, unknown>;
  dropParams?: string[];
}

/**
 * Keys the operator's addParams / dropParams cannot touch: without them the request is not a
 * streamed chat completion of this conversation, and the stream parser would be reading
 * something else.
 */
const PROTECTED_KEYS: ReadonlySet<string> = new Set(['model', 'messages', 'stream']);

export function buildChatBody(request: ChatRequest, options: BodyOptions = {}): Record<string, unknown> {
  const { model, parameters: p } = request;
  const reasoning = isReasoningModel(model);
  const body: Record<string, unknown> = {
    model,
    messages: toOpenAIMessages(request),
    stream: true,
    // Without it OpenAI sends no token counts on a stream; the engine bills from these.
    stream_options: { include_usage: true },
  };
  if (reasoning) {
    set(body, 'max_completion_tokens', p.maxOutputTokens);
  } else {
    set(body, 'temperature', p.temperature);
    set(body, 'top_p', p.topP);
    set(body, 'presence_penalty', p.presencePenalty);
    set(body, 'frequency_penalty', p.frequencyPenalty);
    set(body, 'max_tokens', p.maxOutputTokens);
    if (p.stop?.length) body.stop = p.stop;
  }
  if (p.reasoningEffort && acceptsReasoningEffort(model)) body.reasoning_effort = p.reasoningEffort;

  for (const [key, value] of Object.entries(options.addParams ?? {})) {
    if (!PROTECTED_KEYS.has(key)) body[key] = value;
  }
  for (const key of options.dropParams ?? []) {
    if (!PROTECTED_KEYS.has(key)) delete body[key];
  }
  return body;
}

/**
 * Instructions first: `system`, or `developer` for reasoning models; for models that take
 * neither they open the first user message instead, so they are not lost.
 */
export function toOpenAIMessages(request: ChatRequest): OpenAIMessage[] {
  const detail = request.parameters.imageDetail ?? 'auto';
  const messages = request.messages.map((message) => toOpenAIMessage(message, detail));
  const system = request.system?.trim() ? request.system : undefined;
  if (system === undefined) return messages;
  if (!rejectsInstructions(request.model)) {
    return [{ role: isReasoningModel(request.model) ? 'developer' : 'system', content: system }, ...messages];
  }
  const firstUser = messages.findIndex((message) => message.role === 'user');
  if (firstUser < 0) return [{ role: 'user', content: system }, ...messages];
  return messages.map((message, index) => (index === firstUser ? prependText(message, system) : message));
}

function toOpenAIMessage(message: ChatMessage, detail: 'low' | 'auto' | 'high'): OpenAIMessage {
  if (typeof message.content === 'string') return { role: message.role, content: message.content };
  // Only user messages may carry images; an assistant turn is sent as its text.
  if (message.role === 'assistant') return { role: 'assistant', content: textOf(message.content) };
  return { role: 'user', content: message.content.map((part) => toOpenAIPart(part, detail)) };
}

function toOpenAIPart(part: ChatContentPart, detail: 'low' | 'auto' | 'high'): OpenAIContentPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'image_url', image_url: { url: part.url, detail: part.detail ?? detail } };
}

function textOf(parts: ChatContentPart[]): string {
  return parts
    .filter((part): part is Extract<ChatContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

function prependText(message: OpenAIMessage, text: string): OpenAIMessage {
  if (typeof message.content === 'string') return { ...message, content: `${text}\n\n${message.content}` };
  return { ...message, content: [{ type: 'text', text }, ...message.content] };
}

function set(body: Record<string, unknown>, key: string, value: number | undefined): void {
  if (value !== undefined) body[key] = value;
}
