import type { Tag } from '../../contract/tags';
import type { TagRow } from '../../db/tags';

/**
 * A stored bookmark as the API answers it (LibreChat's `TConversationTag`): the id as `_id`,
 * the owner as `user`, ISO dates, and no `description` key when there is none (LibreChat's
 * documents leave an unset field out, and its client types it optional, not nullable).
 */
export function toApiTag(row: TagRow): Tag {
  return {
    _id: row.id,
    user: row.userId,
    tag: row.tag,
    ...(row.description !== null ? { description: row.description } : {}),
    count: row.count,
    position: row.position,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
