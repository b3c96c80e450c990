/**
 * Wire frames, encoded once each as SSE text. Deltas are the hot path (one per token or so):
 * their JSON is assembled from a prefix built once per run step and the chunk's own
 * `JSON.stringify`, which produces exactly what `sseFrame` would for the same object (a test
 * holds the two together) at a fraction of the cost.
 */
import type { RunOutcome } from './outcome';
import {
  sseFrame,
  type AttachmentFrame,
  type StreamErrorFrame,
  type StreamFrame,
  type WireToolSource,
} from '../../worker/contract/stream';

export function messageFrame(frame: StreamFrame): string {
  return sseFrame(frame);
}

export function errorFrame(frame: StreamErrorFrame): string {
  return sseFrame(frame, 'error');
}

/** The `event: error` body of a run that ends without a reply worth keeping. */
export function runErrorBody(
  // Structural, not RunSpec: the web's tests import this file, and RunSpec brings D1's types.
  spec: { responseMessageId: string; conversation: { conversationId: string }; sender: string },
  outcome: RunOutcome,
  parentMessageId: string,
) {
  return {
    error: true as const,
    final: true as const,
    text: outcome.kind === 'failed' || outcome.kind === 'cut' ? outcome.errorText : 'The reply was interrupted.',
    messageId: spec.responseMessageId,
    conversationId: spec.conversation.conversationId,
    parentMessageId,
    sender: spec.sender,
    isCreatedByUser: false as const,
  };
}

export type DeltaKind = 'text' | 'think';

/** Encodes the deltas of one run step. */
export class DeltaEncoder {
  private readonly prefix: string;
  private static readonly SUFFIX = '}]}}}\n\n';

  constructor(stepId: string, kind: DeltaKind) {
    const event = kind === 'text' ? 'on_message_delta' : 'on_reasoning_delta';
    this.prefix = `event: message\ndata: {"event":"${event}","data":{"id":${JSON.stringify(stepId)},"delta":{"content":[{"type":"${kind}","${kind}":`;
  }

  encode(chunk: string): string {
    return this.prefix + JSON.stringify(chunk) + DeltaEncoder.SUFFIX;
  }
}

/** The run step of one tool call: it owns the content part at `index`. */
export function toolStepFrame(step: {
  id: string;
  runId: string;
  index: number;
  callId: string;
  name: string;
}): string {
  return messageFrame({
    event: 'on_run_step',
    data: {
      id: step.id,
      runId: step.runId,
      type: 'tool_calls',
      index: step.index,
      stepDetails: {
        type: 'tool_calls',
        tool_calls: [{ id: step.callId, name: step.name, args: '', type: 'tool_call' }],
      },
    },
  });
}

/** A piece of a call's arguments as the model streams them. */
export function toolArgsFrame(stepId: string, callId: string, chunk: string): string {
  return messageFrame({
    event: 'on_run_step_delta',
    data: { id: stepId, delta: { type: 'tool_calls', tool_calls: [{ id: callId, args: chunk }] } },
  });
}

/** The call waits for the user to sign in at `link` until `expiresAt` (ms); the client shows the link under it. */
export function toolAuthFrame(stepId: string, link: string, expiresAt: number): string {
  return messageFrame({
    event: 'on_run_step_delta',
    data: { id: stepId, delta: { type: 'tool_calls', tool_calls: [], auth: link, expires_at: expiresAt } },
  });
}

/** A call that finished, with the output the user sees under it. */
export function toolCompletedFrame(
  stepId: string,
  index: number,
  call: { id: string; name: string; args: string; output: string; sources?: WireToolSource[] },
): string {
  return messageFrame({
    event: 'on_run_step_completed',
    data: { result: { id: stepId, index, type: 'tool_call', tool_call: { ...call, progress: 1 } } },
  });
}

/** A file a tool made, as LibreChat's `event: attachment` (the file's fields, the reply and the call). */
export function attachmentFrame(frame: AttachmentFrame): string {
  return sseFrame(frame, 'attachment');
}

/** The next agent of a chain speaks from content `index` on (its `agent_update` part is there). */
export function agentUpdateFrame(update: { index: number; runId: string; agentId: string }): string {
  return messageFrame({ event: 'on_agent_update', data: { type: 'agent_update', agent_update: update } });
}
