import { z } from 'zod';
import { conversationIdSchema } from './messages';

/**
 * Bookmarks, called tags on the wire (`/api/tags`): a named,
 * ordered label a user puts on conversations. Calls: `GET /api/tags`, `POST /api/tags`,
 * `PUT|DELETE /api/tags/{tag}` (the tag URL-encoded), `PUT /api/tags/convo/{conversationId}`,
 * `POST /api/tags/rebuild`.
 */

/** The bookmark every user has by default. */
export const SAVED_TAG = 'Saved';

export const TAG_LIMITS = {
  /** A bookmark name is a menu label: the same bound as a conversation rename (100). */
  tagMax: 100,
  /** A one-line note shown under the name in the bookmarks table. */
  descriptionMax: 500,
  /**
   * Bookmarks one user may keep. LibreChat has no cap; 200 is far more than a person manages
   * by hand, and keeps `GET /api/tags` a small, unpaged answer.
   */
  perUser: 200,
} as const;

export const TAG_NOT_FOUND_MESSAGE = 'Bookmark not found';
export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversation not found';
export const TAG_LIMIT_REACHED_MESSAGE = `You can keep at most ${TAG_LIMITS.perUser} bookmarks: delete one before adding another`;
export const tagExistsMessage = (tag: string) => `A bookmark named "${tag}" already exists`;

/** A bookmark name: trimmed, not empty, bounded. Names are case-sensitive, as in LibreChat. */
export const tagNameSchema = z
  .string({ error: 'tag is required' })
  .trim()
  .min(1, 'tag must not be empty')
  .max(TAG_LIMITS.tagMax, `tag must be at most ${TAG_LIMITS.tagMax} characters`);

/** A description; empty (after trimming) or null clears it. */
const descriptionSchema = z
  .string({ error: 'description must be a string' })
  .trim()
  .max(TAG_LIMITS.descriptionMax, `description must be at most ${TAG_LIMITS.descriptionMax} characters`)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

/**
 * `POST /api/tags`. With `addToConversation: true` and a `conversationId` the new bookmark is
 * also put on that conversation (one of the caller's); either one alone is ignored, as in
 * LibreChat. Other fields (`user`, `count`, `position`) are dropped: the server owns them.
 */
export const createTagBodySchema = z.object({
  tag: tagNameSchema,
  description: descriptionSchema,
  conversationId: conversationIdSchema.nullish(),
  addToConversation: z.boolean({ error: 'addToConversation must be a boolean' }).nullish(),
});
export type CreateTagBody = z.input<typeof createTagBodySchema>;
export type CreateTagInput = z.output<typeof createTagBodySchema>;

/**
 * `PUT /api/tags/{tag}`: one or more of a new name, a description, a new position. A position is
 * clamped into 1…(number of bookmarks); 0 means first, as a drag to the top may send it.
 */
export const updateTagBodySchema = z.object({
  tag: tagNameSchema.optional(),
  description: descriptionSchema,
  position: z
    .number({ error: 'position must be a number' })
    .int('position must be a whole number')
    .min(0, 'position must not be negative')
    .optional(),
});
export type UpdateTagBody = z.input<typeof updateTagBodySchema>;
export type UpdateTagInput = z.output<typeof updateTagBodySchema>;

/** `{tag}` in the path, already percent-decoded by the router. */
export const tagParamSchema = z.object({ tag: tagNameSchema });

export const conversationParamSchema = z.object({ conversationId: conversationIdSchema });

/**
 * `PUT /api/tags/convo/{conversationId}`: exactly these bookmarks on the conversation.
 * Duplicates are merged; unknown names become new bookmarks at the end of the list.
 */
export const setConversationTagsBodySchema = z.object({
  tags: z
    .array(tagNameSchema, { error: 'tags must be an array of bookmark names' })
    .max(TAG_LIMITS.perUser, `tags must hold at most ${TAG_LIMITS.perUser} names`),
});
export type SetConversationTagsBody = z.input<typeof setConversationTagsBodySchema>;

const isoDate = z.iso.datetime();

/**
 * A bookmark as the API answers it, shaped like LibreChat's `TConversationTag`: `_id`, the
 * owner, the name, the description when there is one, how many conversations carry it, its
 * 1-based place in the list, ISO dates.
 */
export const tagSchema = z
  .object({
    _id: z.string(),
    user: z.string(),
    tag: z.string(),
    description: z.string().optional(),
    count: z.number().int(),
    position: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .strict();
export type Tag = z.infer<typeof tagSchema>;

/** `PUT /api/tags/convo/{conversationId}` answers the conversation's bookmark names. */
export const conversationTagsSchema = z.array(z.string());
