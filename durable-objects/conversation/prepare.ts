/**
 * What a run answers, worked out from the conversation's stored messages: the message replied
 * to (shown in `created`), the reply being continued, and the branch the prompt is built from.
 *
 * - normal: the new user message, under its parent (which must be in the conversation);
 * - regenerate / edit-reply: an existing user message (`parentMessageId`);
 * - continue: the existing reply `responseMessageId`, answering its own parent.
 */
import { NO_PARENT } from '../../worker/contract/endpoints';
import { branchTo, type History } from '../../worker/services/chat/history';
import type { MessageRecord } from '../../worker/services/chat/records';
import { ChatInputError } from '../../worker/services/chat/refusal';
import type { RunSpec } from './run-spec';

export interface PreparedTurn {
  requestMessage: MessageRecord;
  /** `continue`: the reply as it was before this run. */
  previousReply?: MessageRecord;
  /** Root first, ending with the request message. */
  branch: MessageRecord[];
}

export function prepareTurn(spec: RunSpec, history: History): PreparedTurn {
  if (spec.mode === 'normal') {
    const user = spec.userMessage;
    if (!user) throw new ChatInputError('The message to send is missing.');
    if (user.parentMessageId !== NO_PARENT && !history.has(user.parentMessageId)) {
      throw new ChatInputError('The message to reply to was not found in this conversation.');
    }
    return { requestMessage: user, branch: [...branchTo(history, user.parentMessageId), user] };
  }
  let previousReply: MessageRecord | undefined;
  let parentId = spec.parentMessageId;
  if (spec.mode === 'continue') {
    previousReply = history.get(spec.responseMessageId);
    if (!previousReply || previousReply.isCreatedByUser) throw new ChatInputError('The reply to continue was not found in this conversation.');
    parentId = previousReply.parentMessageId;
  }
  const requestMessage = history.get(parentId);
  if (!requestMessage || !requestMessage.isCreatedByUser) {
    throw new ChatInputError('The message to regenerate from was not found in this conversation, or is not a user message.');
  }
  return { requestMessage, ...(previousReply ? { previousReply } : {}), branch: branchTo(history, requestMessage.messageId) };
}
