import { type ChatMessage, NO_PARENT, PENDING_CONVERSATION } from '@/shared/conversation/types';
import {
  appendText,
  appendToolCallChunks,
  completeToolCall,
  type ContentParts,
  fallbackIndex,
  placeAgentUpdate,
  placeToolCalls,
  type TextKind,
} from './content-parts';
import type { LiveExchange } from './live-exchange';
import type { StreamFrame } from './stream-frame';

/*
 * The stream's frames folded into the exchange, one at a time, without side effects: the
 * same frames always draw the same messages, so a replay from the start (a re-attach) redraws
 * the reply exactly. The run store decides what the frames mean for the run (status, caches).
 */

/** The reply the frames write to: the placeholder, or one started from the frames alone. */
function replyOf(state: LiveExchange, messageId?: string | null): ChatMessage {
  if (state.responseMessage) return state.responseMessage;
  const id = messageId ?? `${state.requestMessage?.messageId ?? 'reply'}_`;
  const base = state.replyBases[id];
  return {
    messageId: id,
    conversationId: state.conversationId ?? PENDING_CONVERSATION,
    parentMessageId: state.requestMessage?.messageId ?? NO_PARENT,
    sender: state.replySender,
    text: base ?? '',
    isCreatedByUser: false,
    ...(base !== undefined ? { content: [{ type: 'text', text: base }] } : {}),
  };
}

const contentOf = (reply: ChatMessage): ContentParts => reply.content ?? [];

function withReply(state: LiveExchange, reply: ChatMessage): LiveExchange {
  return { ...state, responseMessage: reply };
}

function appendDelta(state: LiveExchange, stepId: string, kind: TextKind, chunk: string): LiveExchange {
  if (chunk === '') return state;
  const reply = replyOf(state);
  const content = contentOf(reply);
  const index = state.steps[stepId]?.index ?? fallbackIndex(content, kind);
  return withReply(state, {
    ...reply,
    content: appendText(content, index, kind, chunk),
    // Text parts only ever grow at their end, in order, so the joined text grows the same way.
    ...(kind === 'text' ? { text: reply.text + chunk } : {}),
  });
}

function onCreated(state: LiveExchange, message: ChatMessage): LiveExchange {
  const reply = state.responseMessage;
  return {
    ...state,
    conversationId: message.conversationId,
    requestMessage: message,
    responseMessage: reply
      ? { ...reply, conversationId: message.conversationId, parentMessageId: message.messageId }
      : null,
  };
}

function onRunStep(state: LiveExchange, frame: Extract<StreamFrame, { type: 'run_step' }>): LiveExchange {
  const reply = replyOf(state, frame.runId);
  const steps = {
    ...state.steps,
    [frame.stepId]: { index: frame.index, toolCallIds: frame.toolCalls.map((call) => call.id) },
  };
  const content =
    frame.toolCalls.length > 0 ? placeToolCalls(contentOf(reply), frame.index, frame.toolCalls) : reply.content;
  // The step's runId is the reply's real id: from here on the reply is known by it.
  return { ...state, steps, responseMessage: { ...reply, messageId: frame.runId ?? reply.messageId, content } };
}

/** The exchange after one more frame. */
export function reduceFrame(state: LiveExchange, frame: StreamFrame): LiveExchange {
  switch (frame.type) {
    case 'created':
      return onCreated(state, frame.message);
    case 'run_step':
      return onRunStep(state, frame);
    case 'text_delta':
      return appendDelta(state, frame.stepId, 'text', frame.text);
    case 'think_delta':
      return appendDelta(state, frame.stepId, 'think', frame.think);
    case 'tool_call_delta': {
      const placement = state.steps[frame.stepId];
      if (!placement) return state;
      const reply = replyOf(state);
      const authorization = {
        ...(frame.auth !== undefined ? { auth: frame.auth } : {}),
        ...(frame.expiresAt !== undefined ? { expiresAt: frame.expiresAt } : {}),
      };
      return withReply(state, {
        ...reply,
        content: appendToolCallChunks(contentOf(reply), placement, frame.chunks, authorization),
      });
    }
    case 'tool_call_completed': {
      const reply = replyOf(state);
      return withReply(state, { ...reply, content: completeToolCall(contentOf(reply), frame.index, frame.toolCall) });
    }
    case 'agent_update': {
      const reply = replyOf(state, frame.runId);
      return withReply(state, {
        ...reply,
        content: placeAgentUpdate(contentOf(reply), frame.index, { runId: frame.runId, agentId: frame.agentId }),
      });
    }
    case 'legacy_text': {
      const reply = replyOf(state, frame.messageId);
      return withReply(state, {
        ...reply,
        messageId: frame.messageId ?? reply.messageId,
        parentMessageId: frame.parentMessageId ?? reply.parentMessageId,
        // Each legacy frame carries the whole text so far: it replaces, never appends.
        text: frame.text,
      });
    }
    case 'attachment': {
      const reply = replyOf(state);
      return withReply(state, { ...reply, attachments: [...(reply.attachments ?? []), frame.attachment] });
    }
    case 'final':
      return {
        ...state,
        conversationId: frame.responseMessage.conversationId,
        requestMessage: frame.requestMessage ?? state.requestMessage,
        responseMessage: frame.responseMessage,
        end: { kind: 'final', conversation: frame.conversation, title: frame.title },
      };
    case 'error':
      // The error replaces the reply, its text as sent (plain, or JSON the messages UI reads).
      return { ...state, responseMessage: frame.message, end: { kind: 'error' } };
  }
}
