/**
 * The request that starts a run in the conversation's Durable Object, opened before the send's
 * checks are done. Its body (the RunSpec) follows once they pass, so reaching the object —
 * creating it, for a new conversation — and reading the conversation's messages, for a reply,
 * overlap the worker's own D1 round trip instead of following it. When a check refuses, the
 * body is cancelled and the object drops what it read; it never calls a provider without a spec.
 */
import type { Env } from '../../env';
import { conversationStub, DO_URL } from './conversation-access';

/** Headers the object reads before the body arrives (see ConversationDO.fetch). */
export const RUN_HEADERS = {
  userId: 'x-run-user',
  conversationId: 'x-run-conversation',
  /** `1` when the run answers an existing conversation, whose messages it may read at once. */
  readHistory: 'x-run-read-history',
} as const;

export interface RunChannel {
  /** Sends the spec and resolves with the object's answer (the run's stream, or an error). */
  start(spec: unknown): Promise<Response>;
  /** The send was refused: the object gets no spec. Safe to call after start (it then does nothing). */
  cancel(): void;
}

export function openRunChannel(env: Env, conversationId: string, userId: string, readHistory: boolean): RunChannel {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const answer = conversationStub(env, conversationId).fetch(DO_URL.run, {
    method: 'POST',
    headers: { [RUN_HEADERS.userId]: userId, [RUN_HEADERS.conversationId]: conversationId, [RUN_HEADERS.readHistory]: readHistory ? '1' : '0' },
    body: readable,
  });
  // A cancelled channel's answer is never read: it must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  let settled = false;
  return {
    start(spec) {
      settled = true;
      // Not awaited: the object consumes the body while this waits for its answer.
      void writer.write(new TextEncoder().encode(JSON.stringify(spec))).then(() => writer.close());
      return answer;
    },
    cancel() {
      if (settled) return;
      settled = true;
      // An empty body: the object finds no spec and answers 400, which nobody reads. (Aborting
      // the stream instead surfaces its reason as an uncaught rejection in the runtime.)
      void writer.close().catch(() => undefined);
    },
  };
}
