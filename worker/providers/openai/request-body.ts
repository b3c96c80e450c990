/**
 * The Chat Completions request body for a {@link ChatRequest}: messages in OpenAI's shape and
 * the parameters the model family accepts, then the operator's `addParams` / `dropParams`.
 */
import type { ChatRequest } from '../types';
import { toOpenAIMessages } from './messages';
import { acceptsReasoningEffort, isReasoningModel } from './model-family';

export interface BodyOptions {
  addParams?: Record<string, unknown>;
  dropParams?: string[];
}

/**
 * Keys the operator's addParams / dropParams cannot touch: without them the request is not a
 * streamed chat completion of this conversation, and the stream parser would be reading
 * something else. With tools, their keys too: a loop whose next turn lost its tools would
 * leave the calls already made unanswerable.
 */
const PROTECTED_KEYS: ReadonlySet<string> = new Set(['model', 'messages', 'stream']);
const PROTECTED_WITH_TOOLS: ReadonlySet<string> = new Set([...PROTECTED_KEYS, 'tools', 'tool_choice']);

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
  // `parallel_tool_calls` is left to its default (parallel): some reasoning models and
  // compatible servers refuse the field itself.
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = tools.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, ...(description ? { description } : {}), parameters },
    }));
    body.tool_choice = 'auto';
  }

  const protectedKeys = tools.length > 0 ? PROTECTED_WITH_TOOLS : PROTECTED_KEYS;
  for (const [key, value] of Object.entries(options.addParams ?? {})) {
    if (!protectedKeys.has(key)) body[key] = value;
  }
  for (const key of options.dropParams ?? []) {
    if (!protectedKeys.has(key)) delete body[key];
  }
  return body;
}

function set(body: Record<string, unknown>, key: string, value: number | undefined): void {
  if (value !== undefined) body[key] = value;
}
