import { ERROR_CODES } from '../../contract/errors';
import { TAG_NOT_FOUND_MESSAGE, tagExistsMessage, type Tag, type UpdateTagInput } from '../../contract/tags';
import { updateTag, type TagChanges } from '../../db/tags';
import { HttpError } from '../../http-error';
import { toApiTag } from './to-api-tag';

/**
 * `PUT /api/tags/{tag}` for `userId`: rename (every tagged conversation follows), describe,
 * move. An unknown name, or another user's, is a 404; a new name that is taken is a 409 and
 * nothing changes (LibreChat fails the same case with a 500).
 */
export async function updateUserTag(
  d1: D1Database,
  userId: string,
  current: string,
  body: UpdateTagInput,
): Promise<Tag> {
  const changes: TagChanges = {
    ...(body.tag !== undefined ? { tag: body.tag } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
  const outcome = await updateTag(d1, userId, current, changes);
  switch (outcome.status) {
    case 'updated':
      return toApiTag(outcome.tag);
    case 'not_found':
      throw new HttpError(404, TAG_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
    case 'name_taken':
      throw new HttpError(409, tagExistsMessage(body.tag ?? current), ERROR_CODES.tagExists);
  }
}
