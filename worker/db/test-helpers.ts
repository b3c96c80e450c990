import { db } from './client';
import { conversations, messages, users } from './schema';

/*
 * Fixtures for the database tests: rows written through the drizzle schema, each with fresh
 * ids, so tests sharing one D1 never see each other's data.
 */

type NewConversation = typeof conversations.$inferInsert;
type NewMessage = typeof messages.$inferInsert;

export async function createUser(d1: D1Database, name = 'user'): Promise<string> {
  const id = crypto.randomUUID();
  await db({ DB: d1 })
    .insert(users)
    .values({ id, name, email: `${name}-${id}@example.com` });
  return id;
}

export async function createConversation(
  d1: D1Database,
  userId: string,
  values: Partial<Omit<NewConversation, 'userId'>> = {},
): Promise<string> {
  const conversationId = values.conversationId ?? crypto.randomUUID();
  await db({ DB: d1 })
    .insert(conversations)
    .values({ endpoint: 'openAI', model: 'gpt-4o-mini', ...values, conversationId, userId });
  return conversationId;
}

export async function createMessage(
  d1: D1Database,
  userId: string,
  conversationId: string,
  values: Partial<Omit<NewMessage, 'userId' | 'conversationId'>> = {},
): Promise<string> {
  const messageId = values.messageId ?? crypto.randomUUID();
  await db({ DB: d1 })
    .insert(messages)
    .values({
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      sender: 'User',
      isCreatedByUser: true,
      ...values,
      messageId,
      userId,
      conversationId,
    });
  return messageId;
}

/** The plan of a statement, one detail line per step (EXPLAIN QUERY PLAN). */
export async function queryPlan(d1: D1Database, sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await d1
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}
