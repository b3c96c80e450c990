/**
 * Rules every provider shares for the turns of a tool loop. Each API refuses a conversation in
 * which a tool call goes unanswered or a result answers nothing, with a message about its own
 * wire format; checking here first names the actual mistake, and puts each round's results in
 * the order of the calls, which OpenAI, Gemini and Bedrock expect.
 */
import {
  ProviderError,
  type AssistantMessage,
  type ReplyPart,
  type RequestMessage,
  type ToolResultPart,
} from './types';

export type ToolCallPart = Extract<ReplyPart, { type: 'tool_call' }>;

/** The tool calls of an assistant message, in the order the model made them. */
export function callsOf(message: AssistantMessage): ToolCallPart[] {
  if (typeof message.content === 'string') return [];
  return message.content.filter((part): part is ToolCallPart => part.type === 'tool_call');
}

/**
 * The messages with each round's results in the order of its calls. Throws
 * `invalid_request_error` unless every assistant message that calls tools is followed by a
 * `tool` message answering each call exactly once, and every `tool` message follows one.
 */
export function inCallOrder(messages: readonly RequestMessage[]): RequestMessage[] {
  return messages.map((message, index) => {
    if (message.role === 'assistant') {
      if (callsOf(message).length > 0 && messages[index + 1]?.role !== 'tool')
        throw refused('A tool call has no result: the turn after the calls must carry their results.');
      return message;
    }
    if (message.role !== 'tool') return message;
    const previous = messages[index - 1];
    const ids = previous?.role === 'assistant' ? callsOf(previous).map((call) => call.id) : [];
    if (ids.length === 0) throw refused('Tool results must follow the assistant turn that called the tools.');
    if (new Set(ids).size !== ids.length) throw refused('Two tool calls of one turn share an id.');
    const byId = new Map<string, ToolResultPart>();
    for (const result of message.results) {
      if (!ids.includes(result.callId))
        throw refused(`The tool result for "${result.callId}" answers no call of the turn before it.`);
      if (byId.has(result.callId)) throw refused(`The tool call "${result.callId}" has more than one result.`);
      byId.set(result.callId, result);
    }
    const results = ids.map((id) => {
      const result = byId.get(id);
      if (!result) throw refused(`The tool call "${id}" has no result.`);
      return result;
    });
    return { role: 'tool', results };
  });
}

/**
 * A call's JSON-text arguments as the object the APIs that take parsed input want (Anthropic,
 * Bedrock, Gemini). Empty text is no arguments; text that is not a JSON object (a model that
 * wrote broken JSON, a reply cut at its token limit) is sent as no arguments too: its result
 * already told the model the arguments were unusable, and the API would refuse anything else.
 */
export function argsObject(args: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(args);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** What marks an id this app made up for a call that came without one. */
const LOCAL_ID_PREFIX = 'call_local_';

/**
 * An id for a call the provider sent without one (Gemini may), so the loop can pair it with its
 * result. It is never sent back: the provider did not issue it and pairs calls by order itself.
 */
export function localCallId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID().replaceAll('-', '')}`;
}

export function isLocalCallId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

function refused(message: string): ProviderError {
  return new ProviderError('invalid_request_error', message);
}
