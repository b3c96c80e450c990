/**
 * Abort and resume, seen from the worker: the abort key / path names the conversation; it
 * must be the caller's (404 otherwise, and for conversations that do not exist), then the
 * conversation's DO answers — the final JSON or 204 for abort, the replayed live stream or 204
 * for resume — checking the run's owner once more.
 */
import { SSE_HEADERS } from '../../contract/stream';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { conversationStub, DO_URL, findOwnConversation } from './conversation-access';

async function ownDoRequest(env: Env, userId: string, conversationId: string, url: string): Promise<Response> {
  if (!(await findOwnConversation(env.DB, userId, conversationId))) throw new HttpError(404, 'Conversation not found', 'not_found');
  return conversationStub(env, conversationId).fetch(url, { method: 'POST', body: JSON.stringify({ userId }) });
}

export async function abortRun(env: Env, userId: string, conversationId: string): Promise<Response> {
  const response = await ownDoRequest(env, userId, conversationId, DO_URL.abort);
  if (response.status === 204) return new Response(null, { status: 204 });
  return new Response(response.body, { status: response.status, headers: { 'content-type': 'application/json' } });
}

export async function resumeRun(env: Env, userId: string, conversationId: string): Promise<Response> {
  const response = await ownDoRequest(env, userId, conversationId, DO_URL.attach);
  if (response.status === 204) return new Response(null, { status: 204 });
  if (!response.ok) return new Response(response.body, { status: response.status, headers: { 'content-type': 'application/json' } });
  return new Response(response.body, { headers: SSE_HEADERS });
}
