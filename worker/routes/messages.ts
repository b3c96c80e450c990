import { Hono, type Context } from 'hono';
import {
  CONVERSATION_ID_REQUIRED,
  MESSAGE_NOT_FOUND,
  updateMessageBodySchema,
  type StoredMessage,
  type UpdateMessageBody,
} from '../contract/messages';
import { messageSearchQuerySchema, type MessageSearchQuery } from '../contract/search';
import {
  conversationMessagesOf,
  conversationMessagesStatement,
  findMessageRow,
  listConversationMessages,
  toStoredMessage,
  updateMessageIfUnchanged,
} from '../db/messages';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, readWithAccount, requireAuth, requireToken, tokenUserId } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { validateExact } from '../middleware/validate-exact';
import { computeEdit } from '../services/messages/edit';
import { searchUserMessages } from '../services/search/message-search';

export const MESSAGES_ROUTE_PREFIX = '/api/messages';

/**
 * An edit is computed from the row it read and written only if the row is unchanged; when
 * another write lands in between (a second tab's edit, the engine finishing the reply), it
 * is computed again from the new row. More attempts than this means something is rewriting
 * the message continuously: answer 409 rather than spin.
 */
const EDIT_ATTEMPTS = 3;

async function editMessage(
  c: Context<AppEnv>,
  conversationId: string,
  messageId: string,
  body: UpdateMessageBody,
): Promise<StoredMessage> {
  const userId = currentUser(c).id;
  for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt += 1) {
    const current = await findMessageRow(c.env.DB, userId, conversationId, messageId);
    if (!current) throw new HttpError(404, MESSAGE_NOT_FOUND, 'not_found');
    const updated = await updateMessageIfUnchanged(c.env.DB, userId, current, computeEdit(current, body));
    if (updated) return toStoredMessage(updated);
  }
  throw new HttpError(409, 'The message changed while it was being edited; try again.', 'conflict');
}

/**
 * `GET /api/messages?…` without a conversation id in the path, LibreChat's way: a non-blank
 * `search` searches the caller's messages (within `conversationId` when one is given, where
 * LibreChat would ignore the search); otherwise `conversationId` (and `messageId`) reads
 * messages in the same page shape; with none of them the page is empty (200), as LibreChat
 * answers, never another user's data.
 */
async function messagesPage(c: Context<AppEnv>, query: MessageSearchQuery) {
  const userId = currentUser(c).id;
  if (query.search !== undefined && query.search.trim() !== '') {
    return searchUserMessages(c.env.DB, userId, {
      search: query.search,
      pageSize: query.pageSize,
      cursor: query.cursor,
      conversationId: query.conversationId,
    });
  }
  if (query.conversationId && query.messageId) {
    const row = await findMessageRow(c.env.DB, userId, query.conversationId, query.messageId);
    return { messages: row ? [toStoredMessage(row)] : [], nextCursor: null };
  }
  if (query.conversationId) {
    return { messages: await listConversationMessages(c.env.DB, userId, query.conversationId), nextCursor: null };
  }
  return { messages: [], nextCursor: null };
}

/**
 * `/api/messages`: message search, a conversation's messages and text edits.
 * Every query is scoped by the token's user, so another user's conversation reads as empty and
 * another user's message as missing (404), never as "forbidden", which would confirm it exists.
 * Every route is authenticated on its own (no `*` middleware): opening a conversation reads the
 * account in its own batch (requireToken, readWithAccount); the others read it first.
 *
 * Artifacts come with their own issue.
 */
export const messages = new Hono<AppEnv>()
  .get('/', requireAuth, validate('query', messageSearchQuerySchema), async (c) =>
    c.json(await messagesPage(c, c.req.valid('query'))),
  )
  // Opening a conversation: its messages and the account in one round trip to D1. LibreChat
  // answers an unknown conversation with [] (the client opens new chats this way).
  .get('/:conversationId', requireToken, async (c) => {
    const [read] = await readWithAccount(c, [
      conversationMessagesStatement(c.env.DB, tokenUserId(c), c.req.param('conversationId')),
    ]);
    return c.json(conversationMessagesOf(read));
  })
  .get('/:conversationId/:messageId', requireAuth, async (c) => {
    const { conversationId, messageId } = c.req.param();
    const row = await findMessageRow(c.env.DB, currentUser(c).id, conversationId, messageId);
    if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND, 'not_found');
    return c.json(toStoredMessage(row));
  })
  .put('/:conversationId/:messageId', requireAuth, validateExact('json', updateMessageBodySchema), async (c) => {
    const { conversationId, messageId } = c.req.param();
    return c.json(await editMessage(c, conversationId, messageId, c.req.valid('json')));
  })
  // The path without a conversation id (`PUT /api/messages//{messageId}` from a client that
  // lost it, or `PUT /api/messages/{messageId}`): the id may come in the body instead;
  // otherwise LibreChat's "conversationId is required", before anything else is looked at.
  .put('*', requireAuth, async (c) => {
    const segments = c.req.path.slice(MESSAGES_ROUTE_PREFIX.length).split('/').filter(Boolean);
    if (segments.length > 1) throw new HttpError(404, MESSAGE_NOT_FOUND, 'not_found');
    const raw: unknown = await c.req.json().catch(() => undefined);
    const parsed = updateMessageBodySchema.safeParse(raw);
    const conversationId = parsed.success ? parsed.data.conversationId : pickConversationId(raw);
    if (!conversationId) throw new HttpError(400, CONVERSATION_ID_REQUIRED, 'validation_error');
    const messageId = segments[0];
    if (!messageId) throw new HttpError(400, 'messageId is required', 'validation_error');
    if (!parsed.success)
      throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request', 'validation_error');
    return c.json(await editMessage(c, conversationId, messageId, parsed.data));
  });

/** The body's conversation id when the rest of the body is invalid (to order the errors). */
function pickConversationId(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || !('conversationId' in raw)) return undefined;
  return typeof raw.conversationId === 'string' && raw.conversationId !== '' ? raw.conversationId : undefined;
}
