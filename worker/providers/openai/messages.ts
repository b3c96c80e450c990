/**
 * A {@link ChatRequest}'s messages in Chat Completions' shape: instructions first, images as
 * `image_url` parts, and a tool loop's turns as OpenAI wants them — an assistant message with
 * `tool_calls`, then one `tool` message per result, in the calls' order.
 */
import { callsOf, inCallOrder } from '../tool-rounds';
import type { AssistantMessage, ChatContentPart, ChatRequest, RequestMessage, ReplyPart } from '../types';
import { isReasoningModel, rejectsInstructions } from './model-family';

type OpenAIContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'low' | 'auto' | 'high' } };

interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIMessage =
  | { role: 'system' | 'developer' | 'user'; content: string | OpenAIContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/**
 * Instructions first: `system`, or `developer` for reasoning models; for models that take
 * neither they open the first user message instead, so they are not lost.
 */
export function toOpenAIMessages(request: ChatRequest): OpenAIMessage[] {
  const detail = request.parameters.imageDetail ?? 'auto';
  const messages = inCallOrder(request.messages).flatMap((message) => toOpenAI(message, detail));
  const system = request.system?.trim() ? request.system : undefined;
  if (system === undefined) return messages;
  if (!rejectsInstructions(request.model)) {
    return [{ role: isReasoningModel(request.model) ? 'developer' : 'system', content: system }, ...messages];
  }
  const firstUser = messages.findIndex((message) => message.role === 'user');
  if (firstUser < 0) return [{ role: 'user', content: system }, ...messages];
  return messages.map((message, index) => (index === firstUser ? prependText(message, system) : message));
}

function toOpenAI(message: RequestMessage, detail: 'low' | 'auto' | 'high'): OpenAIMessage[] {
  if (message.role === 'tool')
    return message.results.map((result) => ({ role: 'tool', tool_call_id: result.callId, content: result.output }));
  if (message.role === 'assistant') return [toAssistant(message)];
  if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
  return [{ role: 'user', content: message.content.map((part) => toOpenAIPart(part, detail)) }];
}

/**
 * An assistant turn is sent as its text (images and reasoning are not sent back: the API takes
 * neither on an assistant message), with its tool calls. Arguments are echoed as streamed; a
 * call streamed without any is sent with `{}`.
 */
function toAssistant(message: AssistantMessage): OpenAIMessage {
  if (typeof message.content === 'string') return { role: 'assistant', content: message.content };
  const text = textOf(message.content);
  const calls = callsOf(message);
  if (calls.length === 0) return { role: 'assistant', content: text };
  return {
    role: 'assistant',
    content: text === '' ? null : text,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.args.trim() === '' ? '{}' : call.args },
    })),
  };
}

function toOpenAIPart(part: ChatContentPart, detail: 'low' | 'auto' | 'high'): OpenAIContentPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'image_url', image_url: { url: part.url, detail: part.detail ?? detail } };
}

function textOf(parts: ReadonlyArray<ChatContentPart | ReplyPart>): string {
  return parts
    .filter((part): part is Extract<ChatContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

function prependText(message: OpenAIMessage, text: string): OpenAIMessage {
  if (message.role !== 'user') return message;
  if (typeof message.content === 'string') return { ...message, content: `${text}\n\n${message.content}` };
  return { ...message, content: [{ type: 'text', text }, ...message.content] };
}
