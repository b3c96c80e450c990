/**
 * What a search over a large history costs in D1, and what a conversation-list page costs on
 * the same data: rows read (what D1 bills) and server time (D1's own `meta.duration` for the
 * statement; the round trip through the platform proxy is kept too, as a finer-grained upper
 * bound). Measured on a fresh local D1 (as
 * `bench/d1-rows.ts` measures the list): 100,000 messages of the searched user and 20,000 of
 * another user, interleaved, so a search that did not filter by owner in the index would read
 * the other user's matches too. Seeding is not timed; each figure is the median of RUNS runs.
 */
import { NO_PARENT } from '../../contract/endpoints';
import { DEFAULT_MESSAGE_SEARCH_PAGE } from '../../contract/search';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../../contract/search-marks';
import { DEFAULT_CONVERSATION_PAGE, listConversationsQuery } from '../../db/conversations';
import { measureSearchMessages, toFtsQuery } from '../../db/search';
import { BENCH_ENDPOINT } from './bench-app';
import { multiRowInserts, withMigratedLocalD1, type SqlValue } from './local-d1';
import { COMMON_WORD, RARE_WORD, generateCorpus, type Corpus } from './search-corpus';

const SEARCHED_USER_MESSAGES = 100_000;
const OTHER_USER_MESSAGES = 20_000;
/** About 2,000 conversations for the searched user. */
const AVERAGE_MESSAGES_PER_CONVERSATION = 50;
const RUNS = 9;
/** Statements per `batch()` (one transaction each): large enough to amortise the round trip. */
const STATEMENTS_PER_BATCH = 400;

export interface SearchCostFigure {
  what: string;
  /** The largest over the runs (they agree unless the plan changes between runs). */
  rowsRead: number;
  /** D1's `meta.duration` for the statement (whole milliseconds as local D1 reports it: workerd's clock is coarse). */
  medianMs: number;
  /**
   * The same call timed from Node, through the platform proxy: an upper bound on the server
   * time, with sub-millisecond resolution (a statement faster than D1's clock reads 0 ms).
   */
  medianRoundTripMs: number;
  runs: number;
  /** The kind of figure, for the caller's budgets. */
  kind: 'list' | 'search';
}

export interface SearchCostReport {
  figures: SearchCostFigure[];
  /** Seeding wall time (not part of any figure), for the log. */
  seedMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

async function runBatches(db: D1Database, statements: readonly { sql: string; params: SqlValue[] }[]): Promise<void> {
  for (let first = 0; first < statements.length; first += STATEMENTS_PER_BATCH) {
    const chunk = statements.slice(first, first + STATEMENTS_PER_BATCH);
    await db.batch(chunk.map(({ sql, params }) => db.prepare(sql).bind(...params)));
  }
}

/** Writes the corpus as the app stores it; the FTS triggers (migration 0001) fill search_index. */
async function seed(db: D1Database, corpus: Corpus, userIds: readonly string[]): Promise<void> {
  await runBatches(
    db,
    multiRowInserts(
      'users',
      ['id', 'email'],
      userIds.map((id) => [id, `${id}@bench.test`]),
    ),
  );
  const conversationRows: SqlValue[][] = [];
  const messageRows: SqlValue[][] = [];
  for (const conversation of corpus.conversations) {
    const userId = userIds[conversation.owner];
    const first = conversation.messages[0];
    const last = conversation.messages.at(-1);
    if (userId === undefined || !first || !last)
      throw new Error('The search corpus has an empty conversation or an unknown owner.');
    conversationRows.push([
      conversation.conversationId,
      userId,
      conversation.title,
      BENCH_ENDPOINT.name,
      BENCH_ENDPOINT.model,
      first.at,
      last.at,
    ]);
    for (const m of conversation.messages) {
      messageRows.push([
        m.messageId,
        conversation.conversationId,
        userId,
        m.parentMessageId ?? NO_PARENT,
        m.isCreatedByUser ? 'User' : BENCH_ENDPOINT.modelDisplayLabel,
        m.text,
        m.isCreatedByUser ? 1 : 0,
        BENCH_ENDPOINT.name,
        BENCH_ENDPOINT.model,
        m.at,
        m.at,
      ]);
    }
  }
  await runBatches(
    db,
    multiRowInserts(
      'conversations',
      ['conversationId', 'userId', 'title', 'endpoint', 'model', 'createdAt', 'updatedAt'],
      conversationRows,
    ),
  );
  await runBatches(
    db,
    multiRowInserts(
      'messages',
      [
        'messageId',
        'conversationId',
        'userId',
        'parentMessageId',
        'sender',
        'text',
        'isCreatedByUser',
        'endpoint',
        'model',
        'createdAt',
        'updatedAt',
      ],
      messageRows,
    ),
  );
}

/**
 * The seed is checked before anything is measured: the messages are stored, and the index
 * (filled by the triggers) finds each planted word in exactly the messages it was planted in.
 * These counts read the whole index on purpose; they are not part of any figure.
 */
async function checkSeed(db: D1Database, corpus: Corpus, userIds: readonly string[]): Promise<void> {
  for (const [owner, userId] of userIds.entries()) {
    const expected = corpus.counts[owner];
    if (!expected) throw new Error('unknown owner');
    const stored = await db
      .prepare('SELECT count(*) AS n FROM messages WHERE userId = ?')
      .bind(userId)
      .first<{ n: number }>();
    if (stored?.n !== expected.messages)
      throw new Error(
        `Search bench seed: ${stored?.n ?? 0} messages stored for owner ${owner}, expected ${expected.messages}.`,
      );
    for (const [word, count] of [
      [RARE_WORD, expected.rare],
      [COMMON_WORD, expected.common],
    ] as const) {
      const match = `owner : "${userId.replaceAll('-', '')}" AND body : ( ${toFtsQuery(word) ?? ''} )`;
      const found = await db
        .prepare('SELECT count(*) AS n FROM search_index WHERE search_index MATCH ? AND rowid > 0')
        .bind(match)
        .first<{ n: number }>();
      if (found?.n !== count)
        throw new Error(
          `Search bench seed: the index finds "${word}" in ${found?.n ?? 0} messages of owner ${owner}, expected ${count}.`,
        );
    }
  }
}

async function measure(
  kind: SearchCostFigure['kind'],
  what: string,
  once: () => Promise<{ rowsRead: number; durationMs: number; size: number }>,
  expectedSize: number,
): Promise<SearchCostFigure> {
  const rows: number[] = [];
  const times: number[] = [];
  const roundTrips: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const result = await once();
    roundTrips.push(performance.now() - start);
    if (result.size !== expectedSize)
      throw new Error(`${what}: ${result.size} results, expected a full page of ${expectedSize}.`);
    rows.push(result.rowsRead);
    times.push(result.durationMs);
  }
  return {
    kind,
    what,
    rowsRead: Math.max(...rows),
    medianMs: median(times),
    medianRoundTripMs: median(roundTrips),
    runs: RUNS,
  };
}

/** Seeds a fresh local D1 with the corpus, then measures the list's first page and a first search page for a rare and a common word. */
export async function measureSearchCost(): Promise<SearchCostReport> {
  return withMigratedLocalD1(async (db) => {
    const userIds = [crypto.randomUUID(), crypto.randomUUID()];
    const searched = userIds[0] ?? '';
    const corpus = generateCorpus({
      messagesPerOwner: [SEARCHED_USER_MESSAGES, OTHER_USER_MESSAGES],
      averageMessagesPerConversation: AVERAGE_MESSAGES_PER_CONVERSATION,
      endMs: Date.now(),
    });
    const seedStart = performance.now();
    await seed(db, corpus, userIds);
    await checkSeed(db, corpus, userIds);
    const seedMs = performance.now() - seedStart;

    const own = new Set(corpus.conversations.filter((c) => c.owner === 0).map((c) => c.conversationId));
    const ownConversations = own.size;
    const counts = corpus.counts[0] ?? { messages: 0, rare: 0, common: 0 };
    const messages = counts.messages.toLocaleString('en');
    const figures: SearchCostFigure[] = [];

    figures.push(
      await measure(
        'list',
        `conversation list, first page of ${DEFAULT_CONVERSATION_PAGE} (of ${ownConversations.toLocaleString('en')} conversations, ${messages} messages)`,
        async () => {
          const { sql, params } = listConversationsQuery(searched, { limit: DEFAULT_CONVERSATION_PAGE });
          const { results, meta } = await db
            .prepare(sql)
            .bind(...params)
            .all();
          return {
            rowsRead: meta.rows_read,
            durationMs: meta.duration,
            size: Math.min(results.length, DEFAULT_CONVERSATION_PAGE),
          };
        },
        DEFAULT_CONVERSATION_PAGE,
      ),
    );
    for (const [word, hits] of [
      [RARE_WORD, counts.rare],
      [COMMON_WORD, counts.common],
    ] as const) {
      figures.push(
        await measure(
          'search',
          `message search over ${messages} messages, first page of ${DEFAULT_MESSAGE_SEARCH_PAGE}, "${word}" (in ${hits.toLocaleString('en')})`,
          async () => {
            // The options GET /api/messages?search= passes (services/search/message-search.ts).
            const page = await measureSearchMessages(db, searched, word, {
              limit: DEFAULT_MESSAGE_SEARCH_PAGE,
              cursor: null,
              includeTitles: false,
              conversationId: null,
              markers: { start: SEARCH_MARK_START, end: SEARCH_MARK_END },
            });
            if (page.results.some((hit) => !own.has(hit.conversationId) || !hit.snippet.includes(SEARCH_MARK_START))) {
              throw new Error(`Search for "${word}" returned another user's message or a hit without a marked match.`);
            }
            return { rowsRead: page.rowsRead, durationMs: page.durationMs, size: page.results.length };
          },
          DEFAULT_MESSAGE_SEARCH_PAGE,
        ),
      );
    }
    return { figures, seedMs };
  });
}
