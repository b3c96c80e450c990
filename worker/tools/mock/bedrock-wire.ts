/**
 * Bedrock ConverseStream wire shapes for the mock provider: binary event-stream frames (built
 * with the same encoder the provider tests use) and Bedrock's HTTP errors, which name their
 * type in the `x-amzn-errortype` header.
 */
import { randomBytes } from 'node:crypto';
import { encodeBedrockEvent, encodeBedrockException } from '../../providers/bedrock/event-stream-encode';
import type { FailureStatus } from './behaviour';
import type { WireRenderer } from './reply-player';
import { mockSignature } from './tool-conversation';

export const EVENT_STREAM_CONTENT_TYPE = 'application/vnd.amazon.eventstream';

/** Bedrock pads each payload with a random-length `p` field so sizes do not leak the text. */
function padding(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(1 + ((randomBytes(1)[0] ?? 0) % 40)), (byte) => alphabet[byte % alphabet.length]).join(
    '',
  );
}

export function bedrockRenderer(): WireRenderer {
  let index = -1;
  let open: 'reasoning' | 'text' | undefined;
  let reasoning = '';
  const switchTo = (kind: 'reasoning' | 'text' | undefined): Uint8Array[] => {
    if (open === kind) return [];
    const out: Uint8Array[] = [];
    if (open === 'reasoning')
      out.push(
        encodeBedrockEvent('contentBlockDelta', {
          contentBlockIndex: index,
          delta: { reasoningContent: { signature: mockSignature(reasoning) } },
          p: padding(),
        }),
      );
    if (open) out.push(encodeBedrockEvent('contentBlockStop', { contentBlockIndex: index, p: padding() }));
    open = kind;
    if (kind) index += 1;
    return out;
  };
  const stop = (stopReason: string, inputTokens: number, outputTokens: number): Uint8Array[] => [
    ...switchTo(undefined),
    encodeBedrockEvent('messageStop', { p: padding(), stopReason }),
    encodeBedrockEvent('metadata', {
      metrics: { latencyMs: 42 },
      p: padding(),
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    }),
  ];
  return {
    contentType: EVENT_STREAM_CONTENT_TYPE,
    start: () => [encodeBedrockEvent('messageStart', { p: padding(), role: 'assistant' })],
    reasoning: (piece) => {
      const out = switchTo('reasoning');
      reasoning += piece;
      return [
        ...out,
        encodeBedrockEvent('contentBlockDelta', {
          contentBlockIndex: index,
          delta: { reasoningContent: { text: piece } },
          p: padding(),
        }),
      ];
    },
    text: (piece) => [
      ...switchTo('text'),
      encodeBedrockEvent('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece }, p: padding() }),
    ],
    streamError: () => [
      encodeBedrockException('throttlingException', 'Too many tokens, please wait before trying again.'),
    ],
    blocked: (_kind, usage) => stop('content_filtered', usage.inputTokens, usage.outputTokens),
    toolCall: (call) => {
      const out = switchTo(undefined);
      index += 1;
      const toolUse = { toolUseId: `tooluse_${call.id}`, name: call.name };
      return [
        ...out,
        encodeBedrockEvent('contentBlockStart', { contentBlockIndex: index, p: padding(), start: { toolUse } }),
        ...call.pieces.map((input) =>
          encodeBedrockEvent('contentBlockDelta', {
            contentBlockIndex: index,
            delta: { toolUse: { input } },
            p: padding(),
          }),
        ),
        encodeBedrockEvent('contentBlockStop', { contentBlockIndex: index, p: padding() }),
      ];
    },
    finish: (usage, calledTools) => stop(calledTools ? 'tool_use' : 'end_turn', usage.inputTokens, usage.outputTokens),
  };
}

export interface BedrockHttpError {
  status: number;
  /** The exception name, sent as `x-amzn-errortype: <name>:<namespace>`. */
  type: string;
  message: string;
}

/** Bedrock's answers by the mock's failure status; a bad key is a 403, as AWS answers it. */
export function errorFor(status: FailureStatus | 404): BedrockHttpError {
  switch (status) {
    case 400:
      return { status, type: 'ValidationException', message: 'Input is too long for requested model.' };
    case 401:
      return {
        status: 403,
        type: 'UnrecognizedClientException',
        message: 'The security token included in the request is invalid.',
      };
    case 429:
      return { status, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' };
    case 404:
      return { status, type: 'ResourceNotFoundException', message: 'Model not found.' };
    case 500:
      return {
        status,
        type: 'InternalServerException',
        message: 'The server encountered an error processing your request.',
      };
  }
}

export function errorTypeHeader(type: string): string {
  return `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`;
}
