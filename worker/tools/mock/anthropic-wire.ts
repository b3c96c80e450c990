/**
 * Anthropic Messages API wire shapes for the mock provider: the SSE events of a streamed
 * message and the error documents, field for field as api.anthropic.com sends them.
 */
import { randomBytes } from 'node:crypto';
import type { FailureStatus } from './behaviour';
import type { ReplyUsage, WireBytes, WireRenderer } from './reply-player';
import { mockSignature } from './tool-conversation';

export type AnthropicErrorDocument = {
  type: 'error';
  error: { type: string; message: string };
};

export function messageId(): string {
  return `msg_01${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** `event: <type>` and its `data:` line, with the blank line that ends the event. */
function sse(payload: { type: string } & Record<string, unknown>): string {
  return `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

export function anthropicRenderer(model: string): WireRenderer {
  const id = messageId();
  let index = -1;
  let open: 'thinking' | 'text' | undefined;
  let thinking = '';
  /** Closes the open block (a thinking block with its signature) and opens one of `kind`. */
  const switchTo = (kind: 'thinking' | 'text' | undefined): WireBytes[] => {
    const out: WireBytes[] = [];
    if (open === kind) return out;
    if (open === 'thinking')
      out.push(
        sse({
          type: 'content_block_delta',
          index,
          // Signed over the thinking, so a follow-up that altered or dropped it can be refused.
          delta: { type: 'signature_delta', signature: mockSignature(thinking) },
        }),
      );
    if (open) out.push(sse({ type: 'content_block_stop', index }));
    open = kind;
    if (kind) {
      index += 1;
      out.push(
        sse({
          type: 'content_block_start',
          index,
          content_block:
            kind === 'thinking' ? { type: 'thinking', thinking: '', signature: '' } : { type: 'text', text: '' },
        }),
      );
    }
    return out;
  };
  const end = (stopReason: string, usage: ReplyUsage): WireBytes[] => [
    ...switchTo(undefined),
    sse({
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
    sse({ type: 'message_stop' }),
  ];
  return {
    contentType: 'text/event-stream; charset=utf-8',
    start: (usage) => [
      sse({
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.inputTokens,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            output_tokens: 1,
          },
        },
      }),
      'event: ping\ndata: {"type": "ping"}\n\n',
    ],
    reasoning: (piece) => {
      const out = switchTo('thinking');
      thinking += piece;
      return [...out, sse({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: piece } })];
    },
    text: (piece) => [
      ...switchTo('text'),
      sse({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }),
    ],
    streamError: () => [sse(errorDocument(529))],
    // Claude's own refusal: the stop reason `refusal`; whatever text came before stays.
    blocked: (_kind, usage) => end('refusal', usage),
    toolCall: (call) => {
      const out = switchTo(undefined);
      index += 1;
      const start = { type: 'tool_use', id: `toolu_01${call.id}`, name: call.name, input: {} };
      // The input opens empty, as the API sends it, then streams in pieces.
      return [
        ...out,
        sse({ type: 'content_block_start', index, content_block: start }),
        ...['', ...call.pieces].map((piece) =>
          sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }),
        ),
        sse({ type: 'content_block_stop', index }),
      ];
    },
    finish: (usage, calledTools) => end(calledTools ? 'tool_use' : 'end_turn', usage),
  };
}

/** Anthropic's error answers, by the mock's failure status (and 529 for the mid-stream overload). */
export function errorDocument(status: FailureStatus | 404 | 529, detail?: string): AnthropicErrorDocument {
  switch (status) {
    case 400:
      return {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: detail ?? 'prompt is too long: 208310 tokens > 200000 maximum',
        },
      };
    case 401:
      return { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
    case 429:
      return {
        type: 'error',
        error: {
          type: 'rate_limit_error',
          message:
            'Number of request tokens has exceeded your per-minute rate limit (https://docs.anthropic.com/en/api/rate-limits); see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.',
        },
      };
    case 404:
      return { type: 'error', error: { type: 'not_found_error', message: detail ?? 'Not found' } };
    case 500:
      return { type: 'error', error: { type: 'api_error', message: 'Internal server error' } };
    case 529:
      return { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
  }
}
