import { z } from 'zod';
import {
  CONVERSATION_ID_REQUIRED,
  type ConversationResponse,
  conversationIdSchema,
  type StoredMessage,
} from './messages';

/*
 * Request and answer shapes of the conversation-list routes (`GET /api/convos`, `POST /update`,
 * `DELETE /`, `DELETE /all`, `POST /duplicate`), in LibreChat 0.7.8's forms. Only the fields
 * listed are read: a `user` or `userId` in a body is dropped, never stored (mass assignment).
 */

/** A conversation title (a rename) is at most 100 characters. */
export const TITLE_MAX_CHARS = 100;
/** A tag filter longer than this is not a sidebar's: refuse it rather than build a huge IN. */
export const MAX_TAG_FILTERS = 20;
const MAX_TAG_CHARS = 200;
/** A title search longer than any title (100) cannot match anything. */
const MAX_TITLE_SEARCH_CHARS = 200;

export const SORT_FIELDS = ['updatedAt', 'createdAt', 'title'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const booleanString = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((value) => value === 'true');

/** A query value that may be repeated (`tags=a&tags=b`) arrives as an array. */
const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string().trim().min(1, 'tags must not be empty').max(MAX_TAG_CHARS, 'tag is too long'))
      .max(MAX_TAG_FILTERS, `at most ${MAX_TAG_FILTERS} tags`),
  );

/**
 * `GET /api/convos?cursor&limit&isArchived&tags&search&sortBy&sortDirection` (`search`: part
 * of the title, any case; blank means none). `tags[]` (the form
 * axios and qs send) and `tags` are both read; `order` is LibreChat's older name for the
 * direction. A limit out of range is clamped by the query, a non-number is refused.
 */
export const listConversationsQuerySchema = z
  .object({
    cursor: z.string().max(1024, 'cursor is too long').optional(),
    limit: z
      .string()
      .regex(/^\s*-?\d+\s*$/, 'limit must be a whole number')
      .transform(Number)
      .optional(),
    isArchived: booleanString('isArchived').optional(),
    tags: tagList.optional(),
    'tags[]': tagList.optional(),
    search: z.string().max(MAX_TITLE_SEARCH_CHARS, 'search is too long').optional(),
    sortBy: z.enum(SORT_FIELDS, { error: `sortBy must be one of ${SORT_FIELDS.join(', ')}` }).optional(),
    sortDirection: z.enum(SORT_DIRECTIONS, { error: 'sortDirection must be asc or desc' }).optional(),
    order: z.enum(SORT_DIRECTIONS, { error: 'order must be asc or desc' }).optional(),
  })
  .transform((query) => {
    const tags = [...(query.tags ?? []), ...(query['tags[]'] ?? [])];
    return {
      cursor: query.cursor === '' ? undefined : query.cursor,
      limit: query.limit,
      isArchived: query.isArchived ?? false,
      tags: tags.length > 0 ? [...new Set(tags)] : undefined,
      search: query.search?.trim() || undefined,
      sortBy: query.sortBy ?? 'updatedAt',
      sortDirection: query.sortDirection ?? query.order ?? 'desc',
    };
  })
  .refine((query) => (query.tags?.length ?? 0) <= MAX_TAG_FILTERS, {
    message: `at most ${MAX_TAG_FILTERS} tags`,
    path: ['tags'],
  });

/** A new title: trimmed, not empty, at most 100 characters (counted after trimming). */
export const titleSchema = z
  .string({ error: 'title must be a string' })
  .trim()
  .min(1, 'title must not be empty')
  .max(TITLE_MAX_CHARS, `title must be at most ${TITLE_MAX_CHARS} characters`);

/** `POST /api/convos/update {arg: {conversationId, title?, isArchived?}}`. */
export const updateConversationBodySchema = z.object({
  arg: z
    .object(
      {
        conversationId: conversationIdSchema,
        title: titleSchema.optional(),
        isArchived: z.boolean({ error: 'isArchived must be true or false' }).optional(),
      },
      { error: 'arg is required: {conversationId, title?, isArchived?}' },
    )
    .refine(
      (arg) => arg.title !== undefined || arg.isArchived !== undefined,
      'nothing to update: send title or isArchived',
    ),
});
/** The update body as a client writes it. */
export type UpdateConversationRequest = z.input<typeof updateConversationBodySchema>;

/**
 * `DELETE /api/convos {arg: {conversationId, source?, thread_id?, endpoint?}}`. LibreChat's
 * client sends the assistant's `thread_id` and `endpoint` too; they are accepted and unused
 * (the conversation's own row says what to delete). Without a conversation id nothing is
 * deleted: "delete all" has its own route, so a body missing its id can never wipe the list.
 */
export const deleteConversationBodySchema = z.object({
  arg: z.object(
    {
      conversationId: conversationIdSchema,
      source: z.string().max(100).nullish(),
      thread_id: z.string().max(200).nullish(),
      endpoint: z.string().max(100).nullish(),
    },
    { error: `arg is required: {conversationId}` },
  ),
});
export type DeleteConversationRequest = z.input<typeof deleteConversationBodySchema>;

/** `POST /api/convos/duplicate {conversationId, title?}`. */
export const duplicateConversationBodySchema = z.object(
  {
    conversationId: conversationIdSchema,
    title: titleSchema.optional(),
  },
  { error: CONVERSATION_ID_REQUIRED },
);
export type DuplicateConversationRequest = z.input<typeof duplicateConversationBodySchema>;

// Answers -------------------------------------------------------------------------------

const isoDate = z.iso.datetime();

/** A row of `GET /api/convos`: LibreChat's list fields, ISO dates (unknown fields are refused). */
export const conversationListItemSchema = z.strictObject({
  conversationId: z.string(),
  title: z.string(),
  endpoint: z.string().nullable(),
  endpointType: z.string().nullable(),
  model: z.string().nullable(),
  agent_id: z.string().nullable(),
  assistant_id: z.string().nullable(),
  spec: z.string().nullable(),
  iconURL: z.string().nullable(),
  isArchived: z.boolean(),
  user: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

/** One page of the keyset-paged list, sorted as asked (newest `updatedAt` first by default). */
export const conversationPageSchema = z.strictObject({
  conversations: z.array(conversationListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/**
 * LibreChat's answer to a delete (a MongoDB delete result with the messages' one nested):
 * `{acknowledged, deletedCount, messages: {acknowledged, deletedCount}}`.
 */
export const deleteConversationsResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int().min(0),
  messages: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int().min(0) }),
});
export type DeleteConversationsResponse = z.infer<typeof deleteConversationsResponseSchema>;

/** `POST /api/convos/duplicate` (201): the copy and its messages. */
export interface DuplicateConversationResponse {
  conversation: ConversationResponse;
  messages: StoredMessage[];
}

/** `POST /api/convos/import` (201): counts of what was stored and what was left out, and why. */
export const importResponseSchema = z.object({
  message: z.string(),
  /** Conversations stored. */
  imported: z.number().int().min(0),
  /** Conversations of the file left out. */
  skipped: z.number().int().min(0),
  messages: z.object({ imported: z.number().int().min(0), skipped: z.number().int().min(0) }),
  /** Why things were left out, the first few only. */
  reasons: z.array(z.string()),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
