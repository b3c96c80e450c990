import type { AbortBody } from '@contract/chat-request';
import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/request';
import { i18n } from '@/lib/i18n/i18n';
import { parseAbortAnswer } from './parse-frame';
import { abortPath, type RunLane } from './send-path';
import type { StreamFrame } from './stream-frame';

/** What stopping a run came to. */
export type AbortOutcome =
  /** The run stopped; this is what it saved (the partial reply, `finish_reason: incomplete`). */
  | { kind: 'final'; frame: Extract<StreamFrame, { type: 'final' }> }
  /** Nothing was running any more (204, an empty 200) or nothing to stop here (404). */
  | { kind: 'stopped' }
  /** The call failed; the run may still be going. */
  | { kind: 'failed'; message: string };

/**
 * `POST {send path}/abort {abortKey:"<conversationId>:<latestMessageId>", endpoint}`, plus
 * `added: true` to stop the second reply of a turn rather than the conversation's own run.
 * Any other status than those above is a failure, reported with the error's message, or
 * "Error cancelling request." when it has none.
 */
export async function requestAbort(
  pathOfRun: string,
  abortKey: string,
  endpoint: string | null,
  lane: RunLane = 'main',
): Promise<AbortOutcome> {
  try {
    const answer = await request<unknown>(abortPath(pathOfRun), {
      method: 'POST',
      json: { abortKey, endpoint, ...(lane === 'added' ? { added: true } : {}) } satisfies AbortBody,
    });
    const frame = parseAbortAnswer(answer);
    return frame ? { kind: 'final', frame } : { kind: 'stopped' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'stopped' };
    const message = error instanceof Error && error.message ? error.message : i18n.t('com_ui_error_cancel_request');
    return { kind: 'failed', message };
  }
}
