/**
 * Which kind of send a body is, from the flags LibreChat's client sets:
 *
 * - `isContinued` (with `responseMessageId`): continue that reply;
 * - `isRegenerate` / `overrideParentMessageId`: a new reply under that user message — with
 *   `isEdited` and a `generation`, the reply was edited and regenerates from the edited text;
 * - otherwise a new user message under `parentMessageId` (an edited user message is sent this
 *   way too, as a sibling of the original: a new branch).
 *
 * Inconsistent bodies are 400s: they are client bugs, not something to guess around.
 */
import { NO_PARENT } from '../../contract/endpoints';
import type { RunMode } from '../../engine/run-spec';
import { HttpError } from '../../http-error';
import type { SendBody } from '../../contract/chat-request';

export interface SendPlan {
  mode: RunMode;
  /** The user message answered (normal: the new message's parent). */
  parentMessageId: string;
  /** continue: the reply to extend. */
  responseMessageId?: string;
  generation: string | null;
}

export function planSend(body: SendBody, isNewConversation: boolean): SendPlan {
  if (body.isContinued) {
    if (!body.responseMessageId)
      throw new HttpError(400, 'responseMessageId: required to continue a reply', 'validation_error');
    if (isNewConversation) throw new HttpError(400, 'conversationId: required to continue a reply', 'validation_error');
    return {
      mode: 'continue',
      parentMessageId: NO_PARENT,
      responseMessageId: body.responseMessageId,
      generation: body.generation ?? null,
    };
  }
  if (body.isRegenerate || body.overrideParentMessageId) {
    const parent = body.overrideParentMessageId ?? body.messageId;
    if (!parent) throw new HttpError(400, 'overrideParentMessageId: required to regenerate', 'validation_error');
    if (isNewConversation) throw new HttpError(400, 'conversationId: required to regenerate', 'validation_error');
    const edited = body.isEdited === true && typeof body.generation === 'string';
    return {
      mode: edited ? 'edit-reply' : 'regenerate',
      parentMessageId: parent,
      generation: edited ? (body.generation ?? null) : null,
    };
  }
  // A new conversation always starts at the root, whatever placeholder the client sent.
  return {
    mode: 'normal',
    parentMessageId: isNewConversation ? NO_PARENT : (body.parentMessageId ?? NO_PARENT),
    generation: null,
  };
}
