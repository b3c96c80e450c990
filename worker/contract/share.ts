import { z } from 'zod';
import { storedMessageSchema } from './messages';

/**
 * Shared links (`/api/share`, LibreChat's paths and shapes). A link shows a
 * snapshot of a conversation: the messages that existed when it was created or refreshed.
 * Ids in the public view are anonymised per link, so a viewer learns nothing that identifies
 * the owner, the conversation or its messages elsewhere.
 */

export const SHARE_MESSAGES = {
  conversationIdRequired: 'Conversation ID is required',
  shareIdRequired: 'Share ID is required',
  /** LibreChat's com_ui_shared_link_not_found, used by the API and the public page alike. */
  notFound: 'Shared link not found',
  conversationNotFound: 'Conversation not found',
  disabled: 'Shared links are disabled',
  deleted: 'Share deleted successfully',
} as const;

export const SHARE_LIMITS = {
  /** The page size LibreChat's shared links manager asks for. */
  defaultPageSize: 25,
  /** A page is one D1 range read; 100 keeps it small whatever a client asks. */
  maxPageSize: 100,
  /** Ids are ours (base64url) or LibreChat's (uuid, nanoid): short and URL-safe. */
  idMax: 100,
  searchMax: 200,
} as const;

/** A path id: trimmed, non-empty, URL-safe; the message names which id was missing. */
export const idParam = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(SHARE_LIMITS.idMax)
    .regex(/^[A-Za-z0-9_-]+$/, 'Ids may hold only letters, digits, - and _');

export const shareIdParamSchema = z.object({ shareId: idParam(SHARE_MESSAGES.shareIdRequired) });
export const conversationIdParamSchema = z.object({ conversationId: idParam(SHARE_MESSAGES.conversationIdRequired) });

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/share?pageSize&isPublic&sortBy&sortDirection&search&cursor`. */
export const listSharedLinksQuerySchema = z.object({
  cursor: z.string().max(1024).optional(),
  pageSize: z.coerce.number().int().min(1).max(SHARE_LIMITS.maxPageSize).default(SHARE_LIMITS.defaultPageSize),
  isPublic: booleanFlag.optional(),
  sortBy: z.enum(['createdAt', 'title']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(SHARE_LIMITS.searchMax).optional(),
});
export type ListSharedLinksQuery = z.output<typeof listSharedLinksQuerySchema>;

const isoDate = z.iso.datetime();

/** One row of the links manager (LibreChat's list fields). */
export const sharedLinkItemSchema = z.strictObject({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SharedLinkItem = z.infer<typeof sharedLinkItemSchema>;

export const sharedLinksPageSchema = z.strictObject({
  links: z.array(sharedLinkItemSchema),
  nextCursor: z.string().nullable(),
  hasNextPage: z.boolean(),
});
export type SharedLinksPage = z.infer<typeof sharedLinksPageSchema>;

/** `GET /api/share/link/{conversationId}`: the caller's link, `shareId: null` when none. */
export const sharedLinkLookupSchema = z.strictObject({
  success: z.boolean(),
  shareId: z.string().nullable(),
  conversationId: z.string(),
});
export type SharedLinkLookup = z.infer<typeof sharedLinkLookupSchema>;

/** `POST /api/share/{conversationId}` and `PATCH /api/share/{shareId}`. */
export const sharedLinkResultSchema = z.strictObject({ shareId: z.string(), conversationId: z.string() });
export type SharedLinkResult = z.infer<typeof sharedLinkResultSchema>;

/** `DELETE /api/share/{shareId}` (LibreChat's answer). */
export const deleteSharedLinkResultSchema = z.strictObject({
  success: z.literal(true),
  shareId: z.string(),
  message: z.string(),
});
export type DeleteSharedLinkResult = z.infer<typeof deleteSharedLinkResultSchema>;

/** Image types a share page shows (the raster types the file link serves inline). */
export const SHOWN_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * A message as a viewer sees it: ids replaced by per-link ones, no owner or tool internals.
 * Its images are listed with the link's own address for them (`/api/share/{shareId}/files/…`);
 * other files stay private.
 */
export const sharedMessageSchema = storedMessageSchema.pick({
  messageId: true,
  parentMessageId: true,
  conversationId: true,
  sender: true,
  text: true,
  isCreatedByUser: true,
  endpoint: true,
  model: true,
  error: true,
  unfinished: true,
  content: true,
  finish_reason: true,
  iconURL: true,
  files: true,
  createdAt: true,
  updatedAt: true,
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** `GET /api/share/{shareId}` (public) and the page's embedded `share-data`. */
export const sharedConversationSchema = z.strictObject({
  shareId: z.string(),
  title: z.string(),
  conversationId: z.string(),
  isPublic: z.boolean(),
  messages: z.array(sharedMessageSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
