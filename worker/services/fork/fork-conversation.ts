/**
 * `POST /api/convos/fork`: a new conversation holding part of one of the caller's
 * conversations, with new message ids and parents remapped (select.ts decides which messages,
 * store.ts copies them). The source is never changed.
 */
import { ERROR_CODES } from '../../contract/errors';
import { MAX_FORK_MESSAGES, type ForkBody, type ForkResponse } from '../../contract/fork';
import { CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND } from '../../contract/messages';
import { findConversation } from '../../db/conversations';
import { listConversationMessages } from '../../db/messages';
import { HttpError } from '../../http-error';
import { toApiConversation } from '../conversations/to-api';
import { ForkSelectionError, selectForkMessages, type ForkedNode, type TreeNode } from './select';
import { discardFork, loadForkSkeleton, planCopy, writeFork } from './store';

export async function forkConversation(d1: D1Database, userId: string, body: ForkBody): Promise<ForkResponse> {
  // Ownership first: another user's conversation is a missing one, and nothing is read of it.
  const source = await findConversation(d1, userId, body.conversationId);
  if (!source) throw new HttpError(404, CONVERSATION_NOT_FOUND, ERROR_CODES.notFound);
  const skeleton = await loadForkSkeleton(d1, userId, body.conversationId);
  if (skeleton.length > MAX_FORK_MESSAGES) {
    throw new HttpError(
      413,
      `This conversation has more than ${MAX_FORK_MESSAGES} messages, too many to fork.`,
      ERROR_CODES.forkTooLarge,
    );
  }
  const selected = select(skeleton, body);

  const newConversationId = crypto.randomUUID();
  const plan = planCopy(selected);
  const written = await writeFork(d1, { userId, sourceConversationId: body.conversationId, newConversationId, plan });
  if (written.conversations !== 1) throw new HttpError(404, CONVERSATION_NOT_FOUND, ERROR_CODES.notFound);
  if (written.messages !== plan.length) {
    // Messages were deleted between reading the tree and copying it: a partial copy would
    // have dangling parents, so it is removed and the client may simply try again.
    await discardFork(d1, userId, newConversationId);
    throw new HttpError(409, 'The conversation changed while it was being forked; try again.', 'conflict');
  }

  const conversation = await findConversation(d1, userId, newConversationId);
  if (!conversation) throw new HttpError(409, 'The forked conversation was removed meanwhile.', 'conflict');
  return {
    conversation: toApiConversation(conversation),
    messages: await listConversationMessages(d1, userId, newConversationId),
  };
}

function select(skeleton: readonly TreeNode[], body: ForkBody): ForkedNode[] {
  try {
    return selectForkMessages(skeleton, {
      targetId: body.messageId,
      option: body.option,
      splitAtTarget: body.splitAtTarget,
      latestMessageId: body.latestMessageId,
    });
  } catch (error) {
    if (!(error instanceof ForkSelectionError)) throw error;
    if (error.problem === 'target_not_found') throw new HttpError(404, MESSAGE_NOT_FOUND, ERROR_CODES.notFound);
    if (error.problem === 'target_unreachable') {
      throw new HttpError(
        422,
        'The message is on a broken branch (its parents loop) and cannot be forked.',
        'unprocessable',
      );
    }
    throw new HttpError(
      400,
      'latestMessageId must be the forked message or a message below it.',
      ERROR_CODES.validation,
    );
  }
}
