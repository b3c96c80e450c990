/**
 * The request that starts a run in the conversation's Durable Object, opened before the send's
 * D1 batch and completed with the RunSpec once the batch has answered. The object is reached
 * (and a new conversation's object created) while the batch runs rather than after it, which
 * takes that hop off the way to the first token.
 *
 * A send that goes no further ends the request's body empty: the object reads no spec, answers
 * 400 and does nothing else.
 *
 * This is why starting a run is a fetch (`POST /run`) and not an RPC method like the object's
 * others: a method called with the spec could only be called once the spec exists, after the
 * batch, and the hop to the object would be back on the way to the first token.
 */
import type { RunSpec } from '../../engine/run-spec';
import type { Env } from '../../env';
import { conversationStub, RUN_URL } from './conversation-access';

export interface PendingRun {
  /** Sends the spec; resolves with the object's answer (its SSE stream, or 409/400/500). */
  start(spec: RunSpec): Promise<Response>;
  /**
   * The send goes no further: the object gets no spec. Resolves once it has answered (the
   * answer is discarded); a no-op once started.
   */
  cancel(): Promise<void>;
}

export function openRun(env: Pick<Env, 'CONVERSATION'>, conversationId: string): PendingRun {
  const body = new TransformStream<Uint8Array, Uint8Array>();
  const writer = body.writable.getWriter();
  const answer = conversationStub(env, conversationId).fetch(RUN_URL, { method: 'POST', body: body.readable });
  // Observed at once: a cancelled run's answer must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  let used = false;
  return {
    start(spec) {
      if (used) throw new Error('A run request is started once.');
      used = true;
      // Not awaited one by one: the object reads the body as it arrives, and a failure shows in its answer.
      writer.write(new TextEncoder().encode(JSON.stringify(spec))).catch(() => undefined);
      writer.close().catch(() => undefined);
      return answer;
    },
    async cancel() {
      if (used) return;
      used = true;
      // An empty body rather than an aborted one: the object simply reads no spec, and no
      // stream error is logged on either side.
      writer.close().catch(() => undefined);
      await answer.then((response) => response.body?.cancel()).catch(() => undefined);
    },
  };
}
