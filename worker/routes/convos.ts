import { Hono, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import { CONVERSATION_NOT_FOUND, TITLE_NOT_FOUND, genTitleBodySchema } from '../contract/messages';
import {
  conversationPageOf,
  conversationStatement,
  conversationWithTags,
  findConversation,
  listConversationsStatement,
  planConversationList,
  type ListConversationsOptions,
} from '../db/conversations';
import { listConversationMessages } from '../db/messages';
import { InvalidCursorError } from '../db/paging';
import type { AppEnv, Env } from '../env';
import { HttpError } from '../http-error';
import { errorMessage, type Logger } from '../logging/logger';
import { currentUser, readWithAccount, requireAuth, requireToken, tokenUserId } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { validateExact } from '../middleware/validate-exact';
import { unsavedLiveConversation } from '../services/chat/attach';
import { deleteConversations } from '../services/conversations/delete';
import { deleteAllConversations } from '../services/conversations/delete-all';
import {
  duplicateConversation,
  MAX_DUPLICATE_BYTES,
  MAX_DUPLICATE_MESSAGES,
} from '../services/conversations/duplicate';
import { checkDuplicateLimit, DUPLICATE_LIMIT_MESSAGE } from '../services/conversations/duplicate-limit';
import {
  deleteConversationBodySchema,
  duplicateConversationBodySchema,
  listConversationsQuerySchema,
  updateConversationBodySchema,
} from '../contract/convos';
import { toApiConversation, toApiListItem, toDeleteResponse } from '../services/conversations/to-api';
import { updateConversation } from '../services/conversations/update';

/** The title column's default (db/schema/conversations.ts): no title has been generated yet. */
const UNTITLED = 'New Chat';

/**
 * How long `gen_title` waits for the conversation's Durable Object to finish the title. The
 * client asks 2.5 s after the reply ends; a title model answers in a second or two, and a
 * request held longer than this is worse for the user than "no title".
 */
const TITLE_WAIT_MS = 10_000;

/**
 * The title the conversation's Durable Object generates after the first reply, waiting for it
 * when it is still being generated. A DO that cannot answer (deploy in progress, method
 * missing on an older instance) means no title, not a failed request.
 */
async function awaitGeneratedTitle(
  env: Env,
  userId: string,
  conversationId: string,
  logger: Logger,
): Promise<string | null> {
  try {
    const conversationObject = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
    return await conversationObject.awaitTitle(userId, TITLE_WAIT_MS);
  } catch (error) {
    logger.warn('gen_title_failed', { error: errorMessage(error) });
    return null;
  }
}

/**
 * Counted before the body is validated, so malformed floods count too. 429 with Retry-After
 * (a thrown HttpError would lose the header).
 */
const duplicateRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const decision = await checkDuplicateLimit(c.env.DB, currentUser(c).id);
  if (!decision.allowed) {
    c.header('Retry-After', String(decision.retryAfterSeconds));
    return c.json({ message: DUPLICATE_LIMIT_MESSAGE, code: ERROR_CODES.rateLimited }, 429);
  }
  await next();
};

const notFound = () => new HttpError(404, CONVERSATION_NOT_FOUND, ERROR_CODES.notFound);

/**
 * `/api/convos`, with LibreChat's paths and shapes: the conversation list, one
 * conversation, its title, rename and archive, delete, delete all, duplicate. Every query is
 * scoped by the token's user: another user's conversation is a missing one (404), never
 * "forbidden", and nothing of theirs is read or changed. Writes answer 201 as LibreChat's do.
 * Every route is authenticated on its own (no `*` middleware): the list and one conversation's
 * read take the account in their own batch (requireToken, readWithAccount); the others read it
 * first (requireAuth).
 */
export const convos = new Hono<AppEnv>()
  .get('/', requireToken, validate('query', listConversationsQuerySchema), async (c) => {
    const userId = tokenUserId(c);
    const query = c.req.valid('query');
    const options: ListConversationsOptions = {
      // No limit: clampLimit's default (25, LibreChat's).
      limit: query.limit ?? Number.NaN,
      cursor: query.cursor ?? null,
      isArchived: query.isArchived,
      ...(query.tags ? { tags: query.tags } : {}),
      ...(query.search ? { titleSearch: query.search } : {}),
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
    };
    let list: D1PreparedStatement;
    try {
      list = listConversationsStatement(c.env.DB, userId, await planConversationList(c.env.DB, userId, options));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new HttpError(400, 'cursor: Invalid cursor', ERROR_CODES.validation);
      throw error;
    }
    // The page and the account in one round trip to D1 (a tag filter reads its plan first).
    const [read] = await readWithAccount(c, [list]);
    const page = conversationPageOf(read, options);
    return c.json({
      conversations: page.conversations.map((item) => toApiListItem(userId, item)),
      nextCursor: page.nextCursor,
    });
  })
  .post('/gen_title', requireAuth, validateExact('json', genTitleBodySchema), async (c) => {
    const userId = currentUser(c).id;
    const { conversationId } = c.req.valid('json');
    // Ownership first, in D1: the DO is only asked about the caller's own conversation.
    const conversation = await findConversation(c.env.DB, userId, conversationId);
    if (!conversation) throw new HttpError(404, TITLE_NOT_FOUND, 'not_found');
    if (conversation.title !== UNTITLED) return c.json({ title: conversation.title });
    const title = await awaitGeneratedTitle(c.env, userId, conversationId, c.var.log);
    if (!title) throw new HttpError(404, TITLE_NOT_FOUND, 'not_found');
    return c.json({ title });
  })
  .post('/update', requireAuth, validate('json', updateConversationBodySchema), async (c) => {
    const userId = currentUser(c).id;
    const { conversationId, title, isArchived } = c.req.valid('json').arg;
    const updated = await updateConversation(c.env.DB, userId, conversationId, {
      ...(title !== undefined ? { title } : {}),
      ...(isArchived !== undefined ? { isArchived } : {}),
    });
    if (!updated) throw notFound();
    const conversation = await findConversation(c.env.DB, userId, conversationId);
    if (!conversation) throw notFound();
    return c.json(toApiConversation(conversation), 201);
  })
  .post('/duplicate', requireAuth, duplicateRateLimit, validate('json', duplicateConversationBodySchema), async (c) => {
    const userId = currentUser(c).id;
    const { conversationId, title } = c.req.valid('json');
    const source = await findConversation(c.env.DB, userId, conversationId);
    if (!source) throw notFound();
    const result = await duplicateConversation(c.env.DB, userId, conversationId, title ?? source.title);
    if (result.outcome === 'too_many_messages') {
      throw new HttpError(
        413,
        `This conversation is too long to duplicate: it has more than ${MAX_DUPLICATE_MESSAGES} messages.`,
        ERROR_CODES.payloadTooLarge,
      );
    }
    if (result.outcome === 'too_large') {
      throw new HttpError(
        413,
        `This conversation is too large to duplicate: its messages hold more than ${MAX_DUPLICATE_BYTES / (1024 * 1024)} MB.`,
        ERROR_CODES.payloadTooLarge,
      );
    }
    const [conversation, messages] = await Promise.all([
      findConversation(c.env.DB, userId, result.conversationId),
      listConversationMessages(c.env.DB, userId, result.conversationId),
    ]);
    if (!conversation) throw notFound();
    return c.json({ conversation: toApiConversation(conversation), messages }, 201);
  })
  .delete('/all', requireAuth, async (c) => {
    const result = await deleteAllConversations(c.env, currentUser(c).id);
    return c.json(toDeleteResponse(result), 201);
  })
  .delete('/', requireAuth, validate('json', deleteConversationBodySchema), async (c) => {
    const userId = currentUser(c).id;
    const { conversationId } = c.req.valid('json').arg;
    const result = await deleteConversations(c.env, [{ userId, conversationId }]);
    if (result.deletedCount === 0) throw notFound();
    return c.json(toDeleteResponse(result), 201);
  })
  .get('/:conversationId', requireToken, async (c) => {
    const userId = tokenUserId(c);
    const conversationId = c.req.param('conversationId');
    // The conversation and the account in one round trip to D1.
    const [read] = await readWithAccount(c, [conversationStatement(c.env.DB, userId, conversationId)]);
    const row = read?.results[0];
    if (row) return c.json(toApiConversation(conversationWithTags(row)));
    // A new conversation's row reaches D1 a moment after its run starts (see Run.record).
    const live = await unsavedLiveConversation(c.env, userId, conversationId);
    if (!live) throw notFound();
    return c.json(live);
  });
