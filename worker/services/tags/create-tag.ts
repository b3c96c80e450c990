import { ERROR_CODES } from '../../contract/errors';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  SAVED_TAG,
  TAG_LIMIT_REACHED_MESSAGE,
  TAG_LIMITS,
  tagExistsMessage,
  type CreateTagInput,
  type Tag,
} from '../../contract/tags';
import { createTag } from '../../db/tags';
import { HttpError } from '../../http-error';
import { toApiTag } from './to-api-tag';

/**
 * `POST /api/tags` for `userId`. Unlike LibreChat, which answers an existing bookmark as if
 * it had been created (and then silently skips tagging the conversation), a taken name is a
 * 409 saying so: the client learns that nothing happened. Another user's (or an unknown)
 * conversation is a 404 and no bookmark is created.
 */
export async function createUserTag(d1: D1Database, userId: string, body: CreateTagInput): Promise<Tag> {
  const conversationId = body.addToConversation && body.conversationId ? body.conversationId : undefined;
  const outcome = await createTag(
    d1,
    userId,
    { tag: body.tag, description: body.description ?? null, ...(conversationId ? { conversationId } : {}) },
    SAVED_TAG,
    TAG_LIMITS.perUser,
  );
  switch (outcome.status) {
    case 'created':
      return toApiTag(outcome.tag);
    case 'exists':
      throw new HttpError(409, tagExistsMessage(body.tag), ERROR_CODES.tagExists);
    case 'conversation_not_found':
      throw new HttpError(404, CONVERSATION_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
    case 'limit_reached':
      throw new HttpError(409, TAG_LIMIT_REACHED_MESSAGE, ERROR_CODES.tagLimitReached);
  }
}
