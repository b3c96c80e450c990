import { listConversationsQuery } from '../../db/conversations';
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
      db.prepare(`INSERT INTO conversations (conversationId, userId, title, createdAt, updatedAt) VALUES ${placeholders}`).bind(...values),
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
      return db.prepare(sql).bind(...params).all<{ conversationId: string; updatedAt: number }>();
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
      { what: `conversation list, first page of ${PAGE_SIZE} (of ${CONVERSATIONS_PER_USER})`, rowsRead: first.meta.rows_read, budget: 60 },
      { what: `conversation list, 10th page of ${PAGE_SIZE}`, rowsRead: page.meta.rows_read, budget: 60 },
    ];
  });
}
