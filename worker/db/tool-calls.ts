/**
 * Tool call records (`tool_calls`): one row per finished tool call of an agent run, written in
 * the run's final batch (live, or by the DO's alarm for an evicted run), so they are idempotent:
 * the id is `${runId}:${callId}` and a row already there is left as it is. Rows are not
 * foreign-keyed to their conversation; a trigger deletes them with it (migration 0001).
 */

export interface ToolCallRecord {
  id: string;
  userId: string;
  conversationId: string;
  /** The reply whose content holds the call. */
  messageId: string;
  /** The tool's key. */
  toolId: string;
  /** The call's index in the reply's content. */
  partIndex: number | null;
  /** A code block's index (a run started from a message's code block); null for agent calls. */
  blockIndex: number | null;
  result: unknown;
  attachments: unknown[] | null;
  createdAt: number;
}

const COLUMNS = [
  'id',
  'userId',
  'conversationId',
  'messageId',
  'toolId',
  'partIndex',
  'blockIndex',
  'result',
  'attachments',
  'createdAt',
] as const;

/** D1 binds at most 100 parameters per statement. */
const D1_MAX_BOUND_PARAMETERS = 100;
export const TOOL_CALLS_PER_STATEMENT = Math.floor(D1_MAX_BOUND_PARAMETERS / COLUMNS.length);

/** At most this many records are listed for one conversation: the newest (each may be large). */
export const MAX_LISTED_TOOL_CALLS = 1000;

function values(record: ToolCallRecord): (string | number | null)[] {
  return [
    record.id,
    record.userId,
    record.conversationId,
    record.messageId,
    record.toolId,
    record.partIndex,
    record.blockIndex,
    record.result === undefined ? null : JSON.stringify(record.result),
    record.attachments === null ? null : JSON.stringify(record.attachments),
    record.createdAt,
  ];
}

/** The inserts of `records`, as many rows per statement as D1's parameter limit allows. */
export function insertToolCallsStatements(
  d1: Pick<D1Database, 'prepare'>,
  records: readonly ToolCallRecord[],
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < records.length; start += TOOL_CALLS_PER_STATEMENT) {
    const chunk = records.slice(start, start + TOOL_CALLS_PER_STATEMENT);
    const row = `(${COLUMNS.map(() => '?').join(', ')})`;
    statements.push(
      d1
        .prepare(
          `INSERT INTO tool_calls (${COLUMNS.join(', ')}) VALUES ${chunk.map(() => row).join(', ')}
           ON CONFLICT (id) DO NOTHING`,
        )
        .bind(...chunk.flatMap(values)),
    );
  }
  return statements;
}

/** A record as D1 answers it: `result` and `attachments` still JSON text. */
export interface ToolCallRow extends Omit<ToolCallRecord, 'result' | 'attachments'> {
  result: string | null;
  attachments: string | null;
}

/** The caller's records of one conversation, oldest first (another user's conversation has none). */
export async function listToolCalls(d1: D1Database, userId: string, conversationId: string): Promise<ToolCallRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT * FROM (
         SELECT ${COLUMNS.join(', ')} FROM tool_calls WHERE userId = ?1 AND conversationId = ?2
         ORDER BY createdAt DESC, id DESC LIMIT ?3)
       ORDER BY createdAt, partIndex, id`,
    )
    .bind(userId, conversationId, MAX_LISTED_TOOL_CALLS)
    .all<ToolCallRow>();
  return results;
}
