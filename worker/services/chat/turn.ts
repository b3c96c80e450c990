/**
 * What a run answers, worked out by the worker from the branch it read (in the send's one D1
 * batch, see send-reads.ts and history.ts) and handed to the ConversationDO in the RunSpec: the
 * message replied to (shown in `created`), the reply being continued, and the prompt itself.
 *
 * - normal: the new user message, under its parent (which must be in the conversation);
 * - regenerate / edit-reply: an existing user message (`parentMessageId`);
 * - continue: the existing reply `responseMessageId`, answering its own parent.
 */
import { NO_PARENT } from '../../contract/endpoints';
import type { MessageRecord } from '../../db/runs';
import { ChatInputError } from '../../engine/refusal';
import type { RunMode } from '../../engine/run-spec';
import { startingText, type PreparedTurn } from '../../engine/turn';
import type { PromptFileSource } from './attachments';
import { buildContext } from './context';
import { branchTo, type History } from './history';

/** The parts of the RunSpec a turn is worked out from. */
export interface TurnRequest {
  mode: RunMode;
  userMessage: MessageRecord | null;
  parentMessageId: string;
  responseMessageId: string;
  /** `continue` / `edit-reply`: the text the reply starts from, if the client sent one. */
  generation: string | null;
  system?: string | undefined;
  maxContextTokens: number;
  /** The files the prompt may show, by file id. */
  files?: ReadonlyMap<string, PromptFileSource> | undefined;
  imageDetail?: 'low' | 'auto' | 'high' | undefined;
}

/**
 * The message the branch is read up from (see history.ts): the new message's parent, the user
 * message regenerated from, or the reply continued. Null when there is nothing to read.
 */
export function branchLeaf(plan: {
  mode: RunMode;
  parentMessageId: string;
  responseMessageId?: string | undefined;
}): string | null {
  if (plan.mode === 'continue') return plan.responseMessageId ?? null;
  return plan.parentMessageId === NO_PARENT ? null : plan.parentMessageId;
}

/** Throws ChatInputError when a message the send names is not in the conversation. */
export function prepareTurn(request: TurnRequest, history: History): PreparedTurn {
  const { requestMessage, previousReply, branch } = locate(request, history);
  const context = buildContext({
    branch,
    system: request.system,
    maxContextTokens: request.maxContextTokens,
    prefill: startingText(request.generation, previousReply) ?? undefined,
    files: request.files,
    imageDetail: request.imageDetail,
  });
  return { requestMessage, ...(previousReply ? { previousReply } : {}), context };
}

function locate(
  request: TurnRequest,
  history: History,
): { requestMessage: MessageRecord; previousReply?: MessageRecord; branch: MessageRecord[] } {
  if (request.mode === 'normal') {
    const user = request.userMessage;
    if (!user) throw new ChatInputError('The message to send is missing.');
    if (user.parentMessageId !== NO_PARENT && !history.has(user.parentMessageId)) {
      throw new ChatInputError('The message to reply to was not found in this conversation.');
    }
    return { requestMessage: user, branch: [...branchTo(history, user.parentMessageId), user] };
  }
  let previousReply: MessageRecord | undefined;
  let parentId = request.parentMessageId;
  if (request.mode === 'continue') {
    previousReply = history.get(request.responseMessageId);
    if (!previousReply || previousReply.isCreatedByUser)
      throw new ChatInputError('The reply to continue was not found in this conversation.');
    parentId = previousReply.parentMessageId;
  }
  const requestMessage = history.get(parentId);
  if (!requestMessage || !requestMessage.isCreatedByUser) {
    throw new ChatInputError(
      'The message to regenerate from was not found in this conversation, or is not a user message.',
    );
  }
  return {
    requestMessage,
    ...(previousReply ? { previousReply } : {}),
    branch: branchTo(history, requestMessage.messageId),
  };
}
