/**
 * The second reply of a turn (the `+` command): a send naming, in `overrideUserMessageId`, the
 * user message another send of the same turn created, to be answered by a second model. It
 * runs in the conversation's added lane (conversation-access.ts addedLaneName), saves no second
 * user message, and its reply is a sibling of the first (same parent). Like any send it counts
 * against the limits and takes its own concurrency lease.
 */
import type { SendBody } from '../../contract/chat-request';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { INSUFFICIENT_PERMISSIONS_MESSAGE } from '../../contract/agents';
import { ERROR_CODES } from '../../contract/errors';
import type { Role } from '../../contract/auth';
import { loadAppConfig } from '../config/store';
import { hasPermission, loadRolePermissions } from '../roles/permissions';
import { unsavedLiveConversation } from './attach';
import { conversationAccessStatement, conversationStub } from './conversation-access';

export function isAddedSend(body: SendBody): boolean {
  return Boolean(body.overrideUserMessageId);
}

/**
 * Checks an added send before anything is counted: the role's MULTI_CONVO permission and the
 * config's `interface.multiConvo` (an operator who hides it takes it from the API too) (403),
 * a plain new message (400: the added reply is never a regenerate or continue), and the
 * conversation, which is the caller's saved one or, in the moment before a new conversation's
 * row is written, the one their live run is creating, and the user message, saved there or
 * answered by that live run (404 otherwise). Answers the conversation id and whether D1 has
 * its row yet.
 */
export async function checkAddedSend(
  env: Env,
  userId: string,
  body: SendBody,
): Promise<{ conversationId: string; saved: boolean }> {
  const role = await env.DB.prepare('SELECT role FROM users WHERE id = ?1').bind(userId).first<{ role: Role }>();
  if (!role) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  const [permissions, config] = await Promise.all([loadRolePermissions(env, role.role), loadAppConfig(env)]);
  if (!hasPermission(permissions, 'MULTI_CONVO', 'USE') || config.interface.multiConvo === false)
    throw new HttpError(403, INSUFFICIENT_PERMISSIONS_MESSAGE, ERROR_CODES.forbidden);
  if (body.isContinued || body.isRegenerate || body.overrideParentMessageId)
    throw new HttpError(400, 'overrideUserMessageId: only a new message has a second reply', 'validation_error');
  const conversationId = body.overrideConvoId ?? body.conversationId;
  if (!conversationId || conversationId === 'new')
    throw new HttpError(400, 'overrideConvoId: required for a second reply', 'validation_error');
  const userMessageId = body.overrideUserMessageId ?? '';
  const [row, message] = await env.DB.batch<{ userId: string }>([
    conversationAccessStatement(env.DB, conversationId),
    env.DB.prepare(
      'SELECT userId FROM messages WHERE messageId = ?1 AND conversationId = ?2 AND userId = ?3 AND isCreatedByUser = 1',
    ).bind(userMessageId, conversationId, userId),
  ]).then((results) => results.map((result) => result.results[0]));
  if (row && row.userId !== userId) throw notFound();
  // Only a turn that exists gets a second reply: the user's saved message, or the one their
  // live run answers (written to D1 a moment later): never a new message of the client's choosing.
  if (!message && (await conversationStub(env, conversationId).liveUserMessageId(userId)) !== userMessageId)
    throw new HttpError(404, 'The message to answer again was not found in this conversation', 'not_found');
  if (row) return { conversationId, saved: true };
  if (await unsavedLiveConversation(env, userId, conversationId)) return { conversationId, saved: false };
  throw notFound();
}

function notFound(): HttpError {
  return new HttpError(404, 'Conversation not found', 'not_found');
}
