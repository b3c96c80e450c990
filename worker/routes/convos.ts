import { Hono } from 'hono';
import {
  CONVERSATION_NOT_FOUND,
  TITLE_NOT_FOUND,
  genTitleBodySchema,
  type ConversationResponse,
} from '../contract/messages';
import { findConversation, type ConversationWithTags } from '../db/conversations';
import { conversationOptionColumns } from '../db/schema';
import type { AppEnv, Env } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { validateExact } from '../middleware/validate-exact';

/** The title column's default (db/schema/conversations.ts): no title has been generated yet. */
const UNTITLED = 'New Chat';

/**
 * How long `gen_title` waits for the conversation's Durable Object to finish the title. The
 * client asks 2.5 s after the reply ends; a title model answers in a second or two, and a
 * request held longer than this is worse for the user than "no title".
 */
const TITLE_WAIT_MS = 10_000;

/** The option fields a conversation answers: exactly the option columns (no internal ones). */
const OPTION_FIELDS = Object.keys(conversationOptionColumns()) as (keyof ReturnType<typeof conversationOptionColumns>)[];

function toApiConversation(row: ConversationWithTags): ConversationResponse {
  const options: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    const value = row[field];
    // Unset options are left out, as in LibreChat's documents; the client fills its defaults.
    if (value !== null && value !== undefined) options[field] = value;
  }
  return {
    ...options,
    conversationId: row.conversationId,
    user: row.userId,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpointType,
    model: row.model,
    isArchived: row.isArchived,
    ...(row.isTemporary ? { isTemporary: true } : {}),
    expiredAt: row.expiredAt === null ? null : new Date(row.expiredAt).toISOString(),
    ...(row.thread_id !== null ? { thread_id: row.thread_id } : {}),
    tags: row.tags,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * The title the conversation's Durable Object generates after the first reply, waiting for it
 * when it is still being generated. A DO that cannot answer (deploy in progress, method
 * missing on an older instance) means no title, not a failed request.
 */
async function awaitGeneratedTitle(env: Env, userId: string, conversationId: string): Promise<string | null> {
  try {
    const conversationObject = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
    return await conversationObject.awaitTitle(userId, TITLE_WAIT_MS);
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', event: 'gen_title_failed', error: error instanceof Error ? error.message : String(error) }));
    return null;
  }
}

/**
 * `/api/convos`: reading one conversation and its generated title (spec 000 §7). The list,
 * update, delete, fork, duplicate and import routes come with the conversation-list issue.
 * Another user's conversation is a missing one (404), never "forbidden".
 */
export const convos = new Hono<AppEnv>()
  .use('*', requireAuth)
  .post('/gen_title', validateExact('json', genTitleBodySchema), async (c) => {
    const userId = currentUser(c).id;
    const { conversationId } = c.req.valid('json');
    // Ownership first, in D1: the DO is only asked about the caller's own conversation.
    const conversation = await findConversation(c.env.DB, userId, conversationId);
    if (!conversation) throw new HttpError(404, TITLE_NOT_FOUND, 'not_found');
    if (conversation.title !== UNTITLED) return c.json({ title: conversation.title });
    const title = await awaitGeneratedTitle(c.env, userId, conversationId);
    if (!title) throw new HttpError(404, TITLE_NOT_FOUND, 'not_found');
    return c.json({ title });
  })
  .get('/:conversationId', async (c) => {
    const conversation = await findConversation(c.env.DB, currentUser(c).id, c.req.param('conversationId'));
    if (!conversation) throw new HttpError(404, CONVERSATION_NOT_FOUND, 'not_found');
    return c.json(toApiConversation(conversation));
  });
