import { ERROR_CODES } from '../../contract/errors';
import { CONVERSATION_NOT_FOUND_MESSAGE, SAVED_TAG, TAG_LIMIT_REACHED_MESSAGE, TAG_LIMITS } from '../../contract/tags';
import { readConversationTagsState, setConversationTags } from '../../db/tags';
import { HttpError } from '../../http-error';

/**
 * `PUT /api/tags/convo/{conversationId}` for `userId`: exactly `tags` on the conversation,
 * unknown names created at the end of the list. Another user's or an unknown conversation is
 * a 404 (LibreChat answers 500), and a request that would take the user past the bookmark
 * cap is a 409; both before anything is written. The write itself re-checks both, so a
 * concurrent request can make it do less, never break the rules.
 */
export async function setUserConversationTags(
  d1: D1Database,
  userId: string,
  conversationId: string,
  tags: string[],
): Promise<string[]> {
  const names = [...new Set(tags)];
  const state = await readConversationTagsState(d1, userId, conversationId, names);
  if (!state.conversationFound) throw new HttpError(404, CONVERSATION_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
  const added = names.filter((name) => !state.existing.has(name)).length;
  // A user with no bookmark is given the default one first; it takes a place too.
  const seeded = state.tagCount === 0 && !names.includes(SAVED_TAG) ? 1 : 0;
  if (added > 0 && state.tagCount + seeded + added > TAG_LIMITS.perUser) {
    throw new HttpError(409, TAG_LIMIT_REACHED_MESSAGE, ERROR_CODES.tagLimitReached);
  }
  return setConversationTags(d1, userId, conversationId, names, SAVED_TAG, TAG_LIMITS.perUser);
}
