/**
 * An agent reply as a model reads it afterwards: its text with each tool call and the call's
 * output written out where they happened, so "what did the tool say?" can be answered. Used for
 * an earlier reply on a later turn (services/chat/context.ts) and for what the earlier agents of
 * a chain said, given to the next one (the ConversationDO). Written as text rather than as tool
 * rounds: the prompt is cut to the context budget a message at a time (a round split in two is
 * refused by every provider), the tools of the next run or agent may differ or be none (Anthropic
 * refuses tool blocks without tool definitions, and wire names follow the run's tool set), and a
 * conversation may move to another provider.
 */
import type { WireContentPart } from '../contract/stream';

interface StoredToolCall {
  name?: unknown;
  args?: unknown;
  output?: unknown;
}

function toolCallOf(part: Record<string, unknown>): StoredToolCall | null {
  const call = part.tool_call;
  return part.type === 'tool_call' && typeof call === 'object' && call !== null ? (call as StoredToolCall) : null;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** The reply's text with its tool calls, or null when it made none (its text is used as is). */
export function replyTextWithTools(message: {
  content: readonly WireContentPart[] | null;
  isCreatedByUser: boolean;
}): string | null {
  if (message.isCreatedByUser || !message.content?.some((part) => part.type === 'tool_call')) return null;
  return contentTextWithTools(message.content);
}

/** Parts as text: text parts and tool calls with their outputs (thinking, images and the rest left out). */
export function contentTextWithTools(content: readonly WireContentPart[]): string {
  const pieces: string[] = [];
  for (const part of content) {
    if (part.type === 'text' && typeof part.text === 'string') {
      if (part.text.trim()) pieces.push(part.text);
      continue;
    }
    const call = toolCallOf(part);
    if (!call) continue;
    const output = asText(call.output);
    pieces.push(
      `[Tool call: ${asText(call.name)} with arguments ${asText(call.args) || '{}'}]\n` +
        (output ? `[Tool output: ${output}]` : '[Tool output: none (the call did not finish)]'),
    );
  }
  return pieces.join('\n\n');
}
