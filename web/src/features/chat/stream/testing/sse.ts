/*
 * Test helpers: chat-stream frames as the server writes them (worker/contract/stream.ts,
 * durable-objects/conversation/frames.ts), and fetch responses that stream them in chunks.
 */
import type { ChatMessage } from '@/shared/conversation/types';

/** One SSE frame, `event: message` unless told. */
export const sse = (data: unknown, event = 'message'): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** `text` cut into pieces of `size` characters: frames, lines and JSON split anywhere. */
export function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

const encoder = new TextEncoder();

/** A body that yields `chunks` (bytes of the text) one read at a time, then ends. */
export function chunkedBody(chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

export const SSE_HEADERS = { 'Content-Type': 'text/event-stream' };

/** A complete SSE answer, delivered in `chunkSize`-character chunks. */
export const sseResponse = (text: string, chunkSize = 17): Response =>
  new Response(chunkedBody(cut(text, chunkSize)), { headers: SSE_HEADERS });

/**
 * An SSE answer the test writes to while the code under test reads it: `push` frames, then
 * `close` (a stream that ends) or `fail` (a dropped connection).
 */
export function liveSseResponse() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    body,
    response: new Response(body, { headers: SSE_HEADERS }),
    /** Sends frames; after the reader has cancelled the stream they go nowhere, as on a network. */
    push: (text: string) => {
      try {
        controller?.enqueue(encoder.encode(text));
      } catch {
        // The stream was cancelled by its reader.
      }
    },
    close: () => controller?.close(),
    fail: () => controller?.error(new TypeError('network error')),
  };
}

// Frames ----------------------------------------------------------------------------------

export const CONVERSATION_ID = '5b0d3a6e-7c1f-4c59-9d3e-2a61f0c4b8e1';
export const USER_MESSAGE_ID = 'a3f1c2d4-1111-4e5f-8a9b-0c1d2e3f4a5b';
export const REPLY_ID = 'b7e2d3c4-2222-4f6a-9b0c-1d2e3f4a5b6c';
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

export const userMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId: USER_MESSAGE_ID,
  conversationId: CONVERSATION_ID,
  parentMessageId: NO_PARENT,
  sender: 'User',
  text: 'Hello there',
  isCreatedByUser: true,
  endpoint: 'openAI',
  model: null,
  ...overrides,
});

export const replyMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId: REPLY_ID,
  conversationId: CONVERSATION_ID,
  parentMessageId: USER_MESSAGE_ID,
  sender: 'GPT-4o',
  text: 'Hi! How can I help?',
  isCreatedByUser: false,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  content: [{ type: 'text', text: 'Hi! How can I help?' }],
  finish_reason: 'stop',
  unfinished: false,
  error: false,
  ...overrides,
});

export const savedConversation = (overrides: Record<string, unknown> = {}) => ({
  conversationId: CONVERSATION_ID,
  user: 'user-1',
  title: 'New Chat',
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  isArchived: false,
  expiredAt: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:02.000Z',
  ...overrides,
});

export const createdFrame = (message: ChatMessage = userMessage()) => sse({ created: true, message });

export const runStepFrame = (stepId: string, index: number, runId = REPLY_ID) =>
  sse({
    event: 'on_run_step',
    data: {
      id: stepId,
      runId,
      type: 'message_creation',
      index,
      stepDetails: { type: 'message_creation', message_creation: { message_id: runId } },
    },
  });

export const toolStepFrame = (
  stepId: string,
  index: number,
  calls: { id: string; name: string; args: string }[],
  runId = REPLY_ID,
) =>
  sse({
    event: 'on_run_step',
    data: {
      id: stepId,
      runId,
      type: 'tool_calls',
      index,
      stepDetails: { type: 'tool_calls', tool_calls: calls.map((call) => ({ ...call, type: 'tool_call' })) },
    },
  });

export const textFrame = (stepId: string, text: string) =>
  sse({ event: 'on_message_delta', data: { id: stepId, delta: { content: [{ type: 'text', text }] } } });

export const thinkFrame = (stepId: string, think: string) =>
  sse({ event: 'on_reasoning_delta', data: { id: stepId, delta: { content: [{ type: 'think', think }] } } });

export const legacyFrame = (text: string, initial = false) =>
  sse({ message: true, initial, text, messageId: REPLY_ID, parentMessageId: USER_MESSAGE_ID });

export const finalFrame = (
  reply: ChatMessage = replyMessage(),
  request: ChatMessage = userMessage(),
  extra: { title?: string | null; conversation?: Record<string, unknown> } = {},
) =>
  sse({
    final: true,
    conversation: extra.conversation ?? savedConversation(),
    title: extra.title ?? null,
    requestMessage: request,
    responseMessage: reply,
  });

export const errorFrame = (text: string, overrides: Partial<ChatMessage> = {}) =>
  sse(
    {
      error: true,
      final: true,
      text,
      messageId: REPLY_ID,
      conversationId: CONVERSATION_ID,
      parentMessageId: USER_MESSAGE_ID,
      sender: 'GPT-4o',
      isCreatedByUser: false,
      ...overrides,
    },
    'error',
  );

/** A whole reply: created, one text step in three deltas, final. */
export const wholeReply = (): string =>
  createdFrame() +
  runStepFrame('step_1', 0) +
  textFrame('step_1', 'Hi! ') +
  textFrame('step_1', 'How can ') +
  textFrame('step_1', 'I help?') +
  finalFrame();
