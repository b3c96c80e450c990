import { NO_PARENT } from '../../contract/endpoints';
import { listConversationsQuery } from '../../db/conversations';
import { branchStatement } from '../../services/chat/history';
import { encodeCursor } from '../../db/paging';
import { withMigratedLocalD1 } from './local-d1';

export interface RowsReadFigure {
  what: string;
  rowsRead: number;
  budget?: number;
}

/** Conversations owned by the measured user, and by a second user whose rows must not be read. */
const CONVERSATIONS_PER_USER = 500;
const PAGE_SIZE = 25;
/** D1 allows 100 bound parameters per statement; 5 columns × 20 rows stays under it. */
const ROWS_PER_INSERT = 20;

async function seedConversations(db: D1Database, userId: string, count: number): Promise<void> {
  await db.prepare('INSERT INTO users (id, email) VALUES (?, ?)').bind(userId, `${userId}@bench.test`).run();
  const start = Date.now() - count * 60_000;
  const statements: D1PreparedStatement[] = [];
  for (let first = 0; first < count; first += ROWS_PER_INSERT) {
    const rows = Math.min(ROWS_PER_INSERT, count - first);
    const values: (string | number)[] = [];
    for (let i = first; i < first + rows; i++) {
      // Some equal timestamps on purpose: the tie-breaker must keep pages exact.
      const at = start + Math.floor(i / 3) * 60_000;
      values.push(crypto.randomUUID(), userId, `Conversation ${i}`, at, at);
    }
    const placeholders = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ');
    statements.push(
      db
        .prepare(
          `INSERT INTO conversations (conversationId, userId, title, createdAt, updatedAt) VALUES ${placeholders}`,
        )
        .bind(...values),
    );
  }
  await db.batch(statements);
}

/** D1 rows read (what D1 bills) by the conversation list, first page and a later page. */
export async function measureListRowsRead(): Promise<RowsReadFigure[]> {
  return withMigratedLocalD1(async (db) => {
    const userId = crypto.randomUUID();
    await seedConversations(db, userId, CONVERSATIONS_PER_USER);
    await seedConversations(db, crypto.randomUUID(), CONVERSATIONS_PER_USER);

    const run = async (cursor?: string) => {
      const { sql, params } = listConversationsQuery(userId, { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
      return db
        .prepare(sql)
        .bind(...params)
        .all<{ conversationId: string; updatedAt: number }>();
    };
    const first = await run();
    // The tenth page, reached through the cursors a client would follow.
    let page = first;
    for (let i = 1; i < 10; i++) {
      const last = page.results[PAGE_SIZE - 1];
      if (!last) throw new Error('The list ended early: the seed or the query is wrong.');
      page = await run(encodeCursor([last.updatedAt, last.conversationId]));
    }
    return [
      {
        what: `conversation list, first page of ${PAGE_SIZE} (of ${CONVERSATIONS_PER_USER})`,
        rowsRead: first.meta.rows_read,
        budget: 60,
      },
      { what: `conversation list, 10th page of ${PAGE_SIZE}`, rowsRead: page.meta.rows_read, budget: 60 },
    ];
  });
}

/** A long single thread: what a reply at its end reads (services/chat/history.ts). */
const THREAD_MESSAGES = 1_000;
const TOKENS_PER_MESSAGE = 300;
/** The context budget of a model the window table does not know (context-window.ts). */
const THREAD_CONTEXT_TOKENS = 8_000;
/** 6 bound columns per row, under D1's 100 parameters per statement. */
const MESSAGES_PER_INSERT = 16;

async function seedThread(db: D1Database, userId: string, conversationId: string): Promise<string> {
  await db.prepare('INSERT INTO users (id, email) VALUES (?, ?)').bind(userId, `${userId}@bench.test`).run();
  await db
    .prepare('INSERT INTO conversations (conversationId, userId, title) VALUES (?, ?, ?)')
    .bind(conversationId, userId, 'Long thread')
    .run();
  const ids = Array.from({ length: THREAD_MESSAGES }, () => crypto.randomUUID());
  const statements: D1PreparedStatement[] = [];
  for (let first = 0; first < ids.length; first += MESSAGES_PER_INSERT) {
    const slice = ids.slice(first, first + MESSAGES_PER_INSERT);
    const values = slice.flatMap((id, offset) => {
      const index = first + offset;
      return [id, conversationId, userId, ids[index - 1] ?? NO_PARENT, `message ${index}`, TOKENS_PER_MESSAGE];
    });
    statements.push(
      db
        .prepare(
          `INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text, tokenCount) VALUES ${slice.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        )
        .bind(...values),
    );
  }
  await db.batch(statements);
  return ids[ids.length - 1] ?? NO_PARENT;
}

/** D1 rows read by a send's branch read at the end of a long thread. */
export async function measureBranchRowsRead(): Promise<RowsReadFigure[]> {
  return withMigratedLocalD1(async (db) => {
    const userId = crypto.randomUUID();
    const conversationId = crypto.randomUUID();
    const leafId = await seedThread(db, userId, conversationId);
    const result = await branchStatement(db, {
      conversationId,
      userId,
      leafId,
      tokenBudget: THREAD_CONTEXT_TOKENS,
    }).all();
    const read = result.results.length;
    if (read < THREAD_CONTEXT_TOKENS / TOKENS_PER_MESSAGE)
      throw new Error(`The branch read ${read} messages: fewer than the prompt holds.`);
    return [
      {
        what: `a reply's branch read, end of a ${THREAD_MESSAGES.toLocaleString('en')}-message thread (${TOKENS_PER_MESSAGE} tokens each, ${THREAD_CONTEXT_TOKENS.toLocaleString('en')}-token context: ${read} messages read)`,
        rowsRead: result.meta.rows_read,
      },
    ];
  });
}
