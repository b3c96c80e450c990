/**
 * What the mock provider reads from a request of a tool loop, in each wire format it serves: the
 * tools declared, the rounds of results since the user's message and their outputs, and whether
 * the request breaks a rule the real API enforces — Claude with thinking refuses a tool-using
 * turn that does not open with its signed thinking; Gemini refuses a call turn whose
 * thoughtSignature was dropped. The mock signs what it sends with {@link mockSignature}, so a
 * client that altered or lost the signed part is refused as the real API would refuse it.
 */
import { createHash } from 'node:crypto';
import { isRecord } from './http';

export type WireFormat = 'openai' | 'anthropic' | 'google' | 'bedrock';

export interface ToolConversation {
  /** Wire names of the declared tools. */
  declared: string[];
  /** Turns of results since the last message the user wrote. */
  roundsDone: number;
  /** Their outputs, in order. */
  outputs: string[];
  /** Why the real API would refuse this request (answered with a 400), if it would. */
  refusal?: string;
}

export function mockSignature(text: string): string {
  return createHash('sha256').update(`edgechat-mock:${text}`).digest('base64');
}

export function readToolConversation(format: WireFormat, body: Record<string, unknown>): ToolConversation {
  const list = format === 'google' ? body.contents : body.messages;
  const messages = Array.isArray(list) ? list.filter(isRecord) : [];
  const itemsOf = (message: Record<string, unknown>): Record<string, unknown>[] => {
    const items = format === 'google' ? message.parts : message.content;
    return Array.isArray(items) ? items.filter(isRecord) : [];
  };
  const results = (message: Record<string, unknown>): string[] | undefined => resultsOf(format, message, itemsOf);
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user' && results(message) === undefined) lastUser = index;
  });
  const after = messages.slice(lastUser + 1);
  let roundsDone = 0;
  const outputs: string[] = [];
  after.forEach((message, index) => {
    const found = results(message);
    if (found === undefined) return;
    outputs.push(...found);
    // OpenAI sends one `tool` message per result: a round is a run of them.
    if (format !== 'openai' || after[index - 1]?.role !== 'tool') roundsDone += 1;
  });
  const refusal = refusalOf(format, body, after, itemsOf);
  return { declared: declaredTools(format, body), roundsDone, outputs, ...(refusal ? { refusal } : {}) };
}

/** The outputs a message carries back, or undefined when it is not a results message. */
function resultsOf(
  format: WireFormat,
  message: Record<string, unknown>,
  itemsOf: (message: Record<string, unknown>) => Record<string, unknown>[],
): string[] | undefined {
  if (format === 'openai') return message.role === 'tool' ? [textOf(message.content)] : undefined;
  const outputs = itemsOf(message).flatMap((item): string[] => {
    if (format === 'anthropic') return item.type === 'tool_result' ? [textOf(item.content)] : [];
    if (format === 'bedrock') return isRecord(item.toolResult) ? [textOf(item.toolResult.content)] : [];
    if (!isRecord(item.functionResponse)) return [];
    const response = isRecord(item.functionResponse.response) ? item.functionResponse.response : {};
    const value = response.output ?? response.error ?? response;
    return [typeof value === 'string' ? value : JSON.stringify(value)];
  });
  return outputs.length > 0 ? outputs : undefined;
}

function declaredTools(format: WireFormat, body: Record<string, unknown>): string[] {
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
  const names = (() => {
    switch (format) {
      case 'openai':
        return list(body.tools).map((tool) => (isRecord(tool.function) ? tool.function.name : undefined));
      case 'anthropic':
        return list(body.tools).map((tool) => tool.name);
      case 'google':
        return list(body.tools).flatMap((tool) => list(tool.functionDeclarations).map((fn) => fn.name));
      case 'bedrock':
        return list(isRecord(body.toolConfig) ? body.toolConfig.tools : undefined).map((tool) =>
          isRecord(tool.toolSpec) ? tool.toolSpec.name : undefined,
        );
    }
  })();
  return names.filter((name): name is string => typeof name === 'string');
}

function refusalOf(
  format: WireFormat,
  body: Record<string, unknown>,
  after: Record<string, unknown>[],
  itemsOf: (message: Record<string, unknown>) => Record<string, unknown>[],
): string | undefined {
  const extra = isRecord(body.additionalModelRequestFields) ? body.additionalModelRequestFields : {};
  const thinking = format === 'anthropic' ? body.thinking : format === 'bedrock' ? extra.thinking : undefined;
  for (const message of after) {
    const items = itemsOf(message);
    if (isRecord(thinking) && thinking.type === 'enabled' && message.role === 'assistant') {
      const problem = unsignedThinking(format, items);
      if (problem) return problem;
    }
    if (format === 'google' && message.role === 'model') {
      const call = items.find((item) => isRecord(item.functionCall));
      const name = call && isRecord(call.functionCall) ? call.functionCall.name : undefined;
      if (call && call.thoughtSignature !== mockSignature(`gemini:${String(name)}`))
        return 'A function call part of a model turn is missing its thought_signature; send each part back as it came.';
    }
  }
  return undefined;
}

/**
 * Claude with thinking (on Anthropic or Bedrock): a turn that used tools opens with its thinking
 * block, its signature matching the thinking, or with redacted thinking.
 */
function unsignedThinking(format: WireFormat, items: Record<string, unknown>[]): string | undefined {
  const isCall = (item: Record<string, unknown>): boolean =>
    format === 'anthropic' ? item.type === 'tool_use' : isRecord(item.toolUse);
  if (!items.some(isCall)) return undefined;
  const first = items[0] ?? {};
  const reasoning = isRecord(first.reasoningContent) ? first.reasoningContent : undefined;
  if (first.type === 'redacted_thinking' || reasoning?.redactedContent !== undefined) return undefined;
  const signed =
    format === 'anthropic'
      ? first.type === 'thinking' && { text: first.thinking, signature: first.signature }
      : isRecord(reasoning?.reasoningText) && reasoning.reasoningText;
  if (!signed)
    return 'With thinking enabled, an assistant turn that used tools must open with its thinking block, sent back unchanged.';
  if (typeof signed.text !== 'string' || signed.signature !== mockSignature(signed.text))
    return 'The signature of a thinking block does not match its thinking.';
  return undefined;
}

/** A string, or the text items of a list (Anthropic blocks, Converse result content, OpenAI parts). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) => (isRecord(item) && typeof item.text === 'string' ? item.text : ''))
    .filter(Boolean)
    .join('\n');
}
