import { describe, expect, it } from 'vitest';
import { parseAbortAnswer, parseStreamEvent } from './parse-frame';
import { replyMessage, userMessage } from './testing/sse';

const message = (data: unknown) => parseStreamEvent('message', JSON.stringify(data));

describe('parseStreamEvent', () => {
  it('tells frames apart by their shape', () => {
    expect(message({ created: true, message: userMessage() })).toEqual({ type: 'created', message: userMessage() });
    expect(
      message({ event: 'on_message_delta', data: { id: 's', delta: { content: [{ type: 'text', text: 'a' }] } } }),
    ).toEqual({
      type: 'text_delta',
      stepId: 's',
      text: 'a',
    });
    expect(
      message({ event: 'on_reasoning_delta', data: { id: 's', delta: { content: [{ type: 'think', think: 'b' }] } } }),
    ).toEqual({
      type: 'think_delta',
      stepId: 's',
      think: 'b',
    });
    expect(message({ message: true, initial: true, text: 'Hel', messageId: 'r', parentMessageId: 'u' })).toEqual({
      type: 'legacy_text',
      text: 'Hel',
      messageId: 'r',
      parentMessageId: 'u',
    });
    expect(
      message({
        event: 'on_agent_update',
        data: { type: 'agent_update', agent_update: { index: 2, runId: 'r', agentId: 'agent_1' } },
      }),
    ).toEqual({
      type: 'agent_update',
      index: 2,
      runId: 'r',
      agentId: 'agent_1',
    });
  });

  it('reads the default event (no event line) as a message', () => {
    expect(parseStreamEvent(undefined, JSON.stringify({ created: true, message: userMessage() }))?.type).toBe(
      'created',
    );
  });

  it('reads a final frame with its conversation and title', () => {
    const frame = message({
      final: true,
      conversation: { conversationId: 'c' },
      title: null,
      requestMessage: userMessage(),
      responseMessage: replyMessage(),
    });
    expect(frame).toEqual({
      type: 'final',
      conversation: { conversationId: 'c' },
      title: null,
      requestMessage: userMessage(),
      responseMessage: replyMessage(),
    });
  });

  it('reads an error event into an error reply', () => {
    const frame = parseStreamEvent(
      'error',
      JSON.stringify({
        error: true,
        final: true,
        text: 'Rate limited',
        messageId: 'r',
        conversationId: 'new',
        parentMessageId: 'u',
        sender: 'AI',
        isCreatedByUser: false,
      }),
    );
    expect(frame).toEqual({
      type: 'error',
      message: {
        messageId: 'r',
        conversationId: 'new',
        parentMessageId: 'u',
        sender: 'AI',
        text: 'Rate limited',
        isCreatedByUser: false,
        error: true,
      },
    });
  });

  it('skips what it does not draw or cannot read, instead of failing the stream', () => {
    expect(message({ sync: true, conversationId: 'c' })).toBeNull();
    expect(message({ event: 'on_unknown', data: {} })).toBeNull();
    expect(message({ created: true, message: { text: 'no ids' } })).toBeNull();
    expect(message({ event: 'on_run_step', data: { id: 's', index: -1 } })).toBeNull();
    expect(parseStreamEvent('message', '{not json')).toBeNull();
    expect(parseStreamEvent('ping', '{}')).toBeNull();
  });

  it('keeps extra fields of saved messages', () => {
    const saved = { ...replyMessage(), createdAt: '2025-05-01T10:00:00.000Z', attachments: [{ file_id: 'f' }] };
    expect(message({ created: true, message: saved })).toEqual({ type: 'created', message: saved });
  });
});

describe('parseAbortAnswer', () => {
  it('reads the final JSON of an abort (no title) and nothing else', () => {
    const answer = {
      final: true,
      conversation: { conversationId: 'c' },
      requestMessage: userMessage(),
      responseMessage: replyMessage({ unfinished: true }),
    };
    expect(parseAbortAnswer(answer)).toMatchObject({
      type: 'final',
      title: null,
      responseMessage: { unfinished: true },
    });
    expect(parseAbortAnswer(undefined)).toBeNull();
    expect(parseAbortAnswer({ message: 'ok' })).toBeNull();
  });
});
