/**
 * A long conversation for the render bench, written straight into the app's local D1 (what the
 * app would have stored after `count` turns, without running `count` model calls through it):
 * one branch of alternating user and assistant messages, each the child of the previous, the
 * first under the root (NO_PARENT), a minute apart. Assistant replies carry the markdown a
 * model writes (paragraphs, a list, inline code, and a fenced code block every
 * CODE_BLOCK_EVERY_MESSAGES), so the page renders real markdown, not plain lines.
 */
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { NO_PARENT } from '../../contract/endpoints';
import { conversationMessagesQuery } from '../../db/messages';
import { REPO_ROOT } from '../lib/paths';
import { BENCH_ENDPOINT } from './bench-app';

export interface SeededConversation {
  conversationId: string;
  /** The newest message: the one the chat screen opens scrolled to. */
  lastMessageId: string;
  messages: number;
}

/** About one fenced code block in 20 messages (every tenth reply), like a coding chat. */
const CODE_BLOCK_EVERY_MESSAGES = 20;
const MESSAGE_SPACING_MS = 60_000;
/** D1 allows 100 bound parameters per statement: 11 columns × 9 rows = 99. */
const MESSAGE_COLUMNS = [
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
] as const;
const ROWS_PER_INSERT = 9;

const TOPICS = [
  'a rate limiter',
  'pagination with cursors',
  'an LRU cache',
  'retrying failed requests',
  'parsing CSV files',
  'a debounce helper',
  'streaming a large file',
  'database migrations',
];

type MessageValues = Record<(typeof MESSAGE_COLUMNS)[number], string | number>;

function userText(turn: number): string {
  const topic = TOPICS[turn % TOPICS.length] ?? 'this';
  return turn % 3 === 0
    ? `How would you implement ${topic} in TypeScript?`
    : `Thanks. What are the trade-offs of ${topic}, and what would you test first?`;
}

function assistantText(turn: number, withCode: boolean): string {
  const topic = TOPICS[turn % TOPICS.length] ?? 'this';
  const parts = [
    `Here is how I would approach ${topic}. The main concern is keeping the behaviour predictable under load, so the design favours small, testable pieces over a single clever function.`,
    [
      `- **State**: keep it in one place, and make every transition explicit.`,
      `- **Limits**: name them with their unit, e.g. \`MAX_ITEMS\` or \`TIMEOUT_MS\`.`,
      `- **Errors**: fail loudly at the boundary; inside, trust validated data.`,
    ].join('\n'),
  ];
  if (withCode) {
    parts.push(
      [
        '```ts',
        `export function create${turn}(limit: number) {`,
        '  const items = new Map<string, number>();',
        '  return {',
        '    add(key: string, at = Date.now()) {',
        '      items.set(key, at);',
        '      if (items.size > limit) items.delete(items.keys().next().value!);',
        '    },',
        '    has: (key: string) => items.has(key),',
        '  };',
        '}',
        '```',
      ].join('\n'),
    );
  }
  parts.push(
    turn % 2 === 0
      ? 'Start with the edge cases: an empty input, exactly one item, and the limit itself.'
      : 'If you share your current code, I can point at the parts I would change first.',
  );
  return parts.join('\n\n');
}

/** The branch's rows, oldest first; message i is the child of message i - 1. */
export function longConversationRows(
  count: number,
  ids: { conversationId: string; userId: string },
  startMs: number,
): MessageValues[] {
  const rows: MessageValues[] = [];
  let parentMessageId: string = NO_PARENT;
  for (let i = 0; i < count; i += 1) {
    const isUser = i % 2 === 0;
    const turn = Math.floor(i / 2);
    const at = startMs + i * MESSAGE_SPACING_MS;
    const messageId = crypto.randomUUID();
    rows.push({
      messageId,
      conversationId: ids.conversationId,
      userId: ids.userId,
      parentMessageId,
      sender: isUser ? 'User' : BENCH_ENDPOINT.modelDisplayLabel,
      text: isUser ? userText(turn) : assistantText(turn, (i + 1) % CODE_BLOCK_EVERY_MESSAGES === 0),
      isCreatedByUser: isUser ? 1 : 0,
      endpoint: BENCH_ENDPOINT.name,
      model: BENCH_ENDPOINT.model,
      createdAt: at,
      updatedAt: at,
    });
    parentMessageId = messageId;
  }
  return rows;
}

/**
 * Writes a `count`-message conversation for the account `email` into the local D1 under
 * `persistTo` (wrangler's `--persist-to` directory). The app must not be running: two workerd
 * processes would share one SQLite file. The FTS triggers index each message as the app's own
 * inserts would; the seed is read back with the API's query before it counts as done.
 */
export async function seedLongConversation(
  persistTo: string,
  email: string,
  count: number,
): Promise<SeededConversation> {
  // `--persist-to <dir>` keeps D1 under <dir>/v3 (as in d1-rows.ts); the platform proxy reads it there.
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(REPO_ROOT, 'wrangler.toml'),
    persist: { path: path.join(persistTo, 'v3') },
  });
  try {
    const db = proxy.env.DB;
    const user = await db
      .prepare('SELECT id FROM users WHERE email = ?')
      .bind(email.toLowerCase())
      .first<{ id: string }>();
    if (!user) throw new Error(`Seeding the long conversation: no user ${email} in the local D1 at ${persistTo}.`);

    const conversationId = crypto.randomUUID();
    const startMs = Date.now() - count * MESSAGE_SPACING_MS;
    const rows = longConversationRows(count, { conversationId, userId: user.id }, startMs);
    const lastAt = rows.at(-1)?.createdAt ?? startMs;
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          'INSERT INTO conversations (conversationId, userId, title, endpoint, endpointType, model, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(
          conversationId,
          user.id,
          `Bench: ${count.toLocaleString('en')} messages`,
          BENCH_ENDPOINT.name,
          BENCH_ENDPOINT.endpointType,
          BENCH_ENDPOINT.model,
          startMs,
          lastAt,
        ),
    ];
    for (let first = 0; first < rows.length; first += ROWS_PER_INSERT) {
      const chunk = rows.slice(first, first + ROWS_PER_INSERT);
      const placeholders = chunk.map(() => `(${MESSAGE_COLUMNS.map(() => '?').join(', ')})`).join(', ');
      statements.push(
        db
          .prepare(`INSERT INTO messages (${MESSAGE_COLUMNS.join(', ')}) VALUES ${placeholders}`)
          .bind(...chunk.flatMap((row) => MESSAGE_COLUMNS.map((column) => row[column]))),
      );
    }
    // One batch is one transaction: a failed insert leaves no half-seeded conversation.
    await db.batch(statements);

    const { sql, params } = conversationMessagesQuery(user.id, conversationId);
    const stored = await db
      .prepare(sql)
      .bind(...params)
      .all<{ messageId: string }>();
    const lastMessageId = rows.at(-1)?.messageId;
    if (
      stored.results.length !== count ||
      lastMessageId === undefined ||
      stored.results.at(-1)?.messageId !== lastMessageId
    ) {
      throw new Error(
        `Seeding the long conversation: the API's query reads ${stored.results.length} messages back, expected ${count}.`,
      );
    }
    return { conversationId, lastMessageId, messages: count };
  } finally {
    await proxy.dispose();
  }
}
