/**
 * What a run answers, worked out by the worker from the conversation's stored messages (read in
 * the send's one D1 batch, see send-reads.ts) and handed to the ConversationDO in the RunSpec:
 * the message replied to (shown in `created`), the reply being continued, and the branch the
 * prompt is built from.
 *
 * - normal: the new user message, under its parent (which must be in the conversation);
 * - regenerate / edit-reply: an existing user message (`parentMessageId`);
 * - continue: the existing reply `responseMessageId`, answering its own parent.
 */
import { NO_PARENT } from '../../contract/endpoints';
import type { RunMode } from '../../../durable-objects/conversation/run-spec';
import { branchTo, type History } from './history';
import type { MessageRecord } from './records';
import { ChatInputError } from './refusal';

export interface PreparedTurn {
  requestMessage: MessageRecord;
  /** `continue`: the reply as it was before this run. */
  previousReply?: MessageRecord;
  /** Root first, ending with the request message. */
  branch: MessageRecord[];
}

/** The parts of the RunSpec a turn is worked out from. */
export interface TurnRequest {
  mode: RunMode;
  userMessage: MessageRecord | null;
  parentMessageId: string;
  responseMessageId: string;
}

/** Throws ChatInputError when a message the send names is not in the conversation. */
export function prepareTurn(spec: TurnRequest, history: History): PreparedTurn {
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
