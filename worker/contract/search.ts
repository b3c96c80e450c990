import { z } from 'zod';
import { storedMessageSchema } from './messages';
import { MAX_ID_CHARS } from './ids';

/*
 * `GET /api/messages?search=…`: the query LibreChat's
 * client sends and the page it reads back. The client also sends sortBy and sortDirection;
 * search results come newest first whatever they say (relevance ranking would break the
 * cursor), so they are accepted and ignored, as LibreChat ignores them for a search.
 */

/** Default and largest page; LibreChat's client asks for 25. */
export const DEFAULT_MESSAGE_SEARCH_PAGE = 25;
export const MAX_MESSAGE_SEARCH_PAGE = 100;
/** What a search reads of `search` (the FTS builder keeps less: 500 characters, 16 terms). */
const MAX_SEARCH_CHARS = 2_000;

/** A page size as typed in a URL: a number is clamped into range, anything else is the default. */
const pageSizeParam = z
  .string()
  .optional()
  .transform((value) => {
    const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
    if (!Number.isFinite(parsed)) return DEFAULT_MESSAGE_SEARCH_PAGE;
    return Math.min(MAX_MESSAGE_SEARCH_PAGE, Math.max(1, parsed));
  });

/** `GET /api/search/enable`: whether the server offers message search, as a bare JSON boolean. */
export const searchEnabledResponseSchema = z.boolean();
export type SearchEnabledResponse = z.infer<typeof searchEnabledResponseSchema>;

export const messageSearchQuerySchema = z.object({
  search: z.string().max(MAX_SEARCH_CHARS, `search is too long (at most ${MAX_SEARCH_CHARS} characters)`).optional(),
  cursor: z.string().max(1_024, 'Invalid cursor').optional(),
  pageSize: pageSizeParam,
  conversationId: z.string().max(MAX_ID_CHARS).optional(),
  messageId: z.string().max(MAX_ID_CHARS).optional(),
  sortBy: z.string().max(50).optional(),
  sortDirection: z.string().max(10).optional(),
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;

/**
 * One hit: the message as the search page renders it (the stored message's fields it needs;
 * `text` is the whole text, the text parts of its content when `text` is empty), plus its
 * conversation's title and the snippet.
 */
export const messageSearchHitSchema = storedMessageSchema
  .pick({
    messageId: true,
    conversationId: true,
    parentMessageId: true,
    sender: true,
    text: true,
    isCreatedByUser: true,
    endpoint: true,
    model: true,
    iconURL: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    /** The conversation's title. */
    title: z.string(),
    /** The text around the match, each matched term between SEARCH_MARK_START and SEARCH_MARK_END (search-marks.ts). */
    snippet: z.string(),
    /** LibreChat's flag for messages shown on the search page (no edit, no regenerate). */
    searchResult: z.literal(true),
  });
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

export const messageSearchPageSchema = z.strictObject({
  messages: z.array(messageSearchHitSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MessageSearchPage = z.infer<typeof messageSearchPageSchema>;
