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
import { conversationAccessStatement, conversationStub, DO_URL } from './conversation-access';

async function ownDoRequest(env: Env, userId: string, conversationId: string, url: string): Promise<Response> {
  const row = await conversationAccessStatement(env.DB, conversationId).first<{ userId: string }>();
  if (row && row.userId !== userId) throw notFound();
  const response = await conversationStub(env, conversationId).fetch(url, { method: 'POST', body: JSON.stringify({ userId }) });
  if (row || (response.ok && response.status !== 204)) return response;
  await response.body?.cancel();
  throw notFound();
}

function notFound(): HttpError {
  return new HttpError(404, 'Conversation not found', 'not_found');
}

export async function abortRun(env: Env, userId: string, conversationId: string): Promise<Response> {
  const response = await ownDoRequest(env, userId, conversationId, DO_URL.abort);
  if (response.status === 204) return new Response(null, { status: 204 });
  return new Response(response.body, { status: response.status, headers: { 'content-type': 'application/json' } });
}

/**
 * The conversation of the user's live run, for a conversation D1 does not show them: a new
 * one whose row is not written yet (see above). Null when there is none: then it is a 404.
 * `GET /api/convos/{id}` answers with it, and a send there is a 409 as while any run is live.
 */
export async function unsavedLiveConversation(env: Env, userId: string, conversationId: string): Promise<Record<string, unknown> | null> {
  const response = await conversationStub(env, conversationId).fetch(DO_URL.conversation, { method: 'POST', body: JSON.stringify({ userId }) });
  if (response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  return response.json<Record<string, unknown>>();
}

export async function resumeRun(env: Env, userId: string, conversationId: string): Promise<Response> {
  const response = await ownDoRequest(env, userId, conversationId, DO_URL.attach);
  if (response.status === 204) return new Response(null, { status: 204 });
  if (!response.ok) return new Response(response.body, { status: response.status, headers: { 'content-type': 'application/json' } });
  return new Response(response.body, { headers: SSE_HEADERS });
}
