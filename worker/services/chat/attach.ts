/**
 * Abort and resume, seen from the worker: the abort key / path names the conversation; it
 * must be the caller's (404 otherwise, and for conversations that do not exist), then the
 * conversation's DO answers — the final JSON or 204 for abort, the replayed live stream or 204
 * for resume — checking the run's owner once more.
 *
 * A new conversation's row reaches D1 only once its run has its first event, or after
 * RECORD_WITHOUT_EVENT_MS (see Run.record), so a stop pressed or a page reloaded in that
 * moment finds no row. Then the DO alone decides: it answers only the owner of its live run,
 * and anything else is the same 404 as for a conversation that does not exist.
 */
import { SSE_HEADERS } from '../../contract/stream';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { addedLaneName, conversationAccessStatement, conversationStub } from './conversation-access';

/** Whether the conversation's row, if D1 has it, is the user's: another user's is a 404. */
async function checkOwnRow(env: Env, userId: string, conversationId: string): Promise<{ saved: boolean }> {
  const row = await conversationAccessStatement(env.DB, conversationId).first<{ userId: string }>();
  if (row && row.userId !== userId) throw notFound();
  return { saved: row !== null };
}

function notFound(): HttpError {
  return new HttpError(404, 'Conversation not found', 'not_found');
}

/** Which of the conversation's runs: its own, or the second reply of a turn (`added`). */
export type RunLane = 'main' | 'added';

function laneStub(env: Env, conversationId: string, lane: RunLane) {
  return conversationStub(env, lane === 'added' ? addedLaneName(conversationId) : conversationId);
}

export async function abortRun(
  env: Env,
  userId: string,
  conversationId: string,
  lane: RunLane = 'main',
): Promise<Response> {
  const { saved } = await checkOwnRow(env, userId, conversationId);
  const result = await laneStub(env, conversationId, lane).abort(userId);
  if (result.status === 'aborted')
    return new Response(result.finalJson, { headers: { 'content-type': 'application/json' } });
  // Nothing to stop: a saved conversation of the user's is a 204; one D1 does not show them, a 404.
  if (result.status === 'idle' && saved) return new Response(null, { status: 204 });
  throw notFound();
}

/**
 * The conversation of the user's live run, for a conversation D1 does not show them: a new
 * one whose row is not written yet (see above). Null when there is none: then it is a 404.
 * `GET /api/convos/{id}` answers with it, and a send there is a 409 as while any run is live.
 */
export async function unsavedLiveConversation(
  env: Env,
  userId: string,
  conversationId: string,
): Promise<Record<string, unknown> | null> {
  return conversationStub(env, conversationId).liveConversation(userId);
}

export async function resumeRun(
  env: Env,
  userId: string,
  conversationId: string,
  lane: RunLane = 'main',
): Promise<Response> {
  const { saved } = await checkOwnRow(env, userId, conversationId);
  const result = await laneStub(env, conversationId, lane).attach(userId);
  if (result.status === 'live') return new Response(result.stream, { headers: SSE_HEADERS });
  if (result.status === 'idle' && saved) return new Response(null, { status: 204 });
  throw notFound();
}
