/**
 * The messages a send builds its prompt from: the branch above the message it answers, read in
 * the send's one D1 batch by walking parent links (one indexed lookup per message), and only as
 * far up as the model's context can hold. Rows read stay near the prompt's length however long
 * or branched the conversation is. The root's parent is the all-zeros id.
 */
import { NO_PARENT } from '../../contract/endpoints';
import { fileRefs, parseContent, type MessageRow as StoredMessageRow } from '../../db/messages';
import { MESSAGE_COLUMNS } from '../../db/runs';
import type { MessageRecord } from '../../db/runs';
import type { MessageFileRef } from '../../db/schema/columns';

/** The columns read (a MessageRecord's), typed as `db/messages.ts` types a row, plus the owner and expiry. */
type MessageRow = Pick<StoredMessageRow, Exclude<(typeof MESSAGE_COLUMNS)[number], 'userId' | 'expiredAt'>> & {
  userId: string;
  expiredAt: number | null;
};

/** The messages read, by id. */
export type History = ReadonlyMap<string, MessageRecord>;

/**
 * A cap on how far up a branch is walked, whatever the token counts say: it bounds the work on
 * imported data whose parent links form a cycle. Far deeper than any prompt a model accepts.
 */
export const MAX_BRANCH_DEPTH = 100_000;

/**
 * What a message weighs towards the budget in SQL: its stored token count, 0 when unknown or
 * for failed replies (the prompt leaves those out). Never more than buildContext counts for it,
 * so the rows read are always a superset of what the prompt keeps.
 */
const WEIGHT = (table: string) =>
  `CASE WHEN ${table}.error = 0 AND ${table}.tokenCount > 0 THEN ${table}.tokenCount ELSE 0 END`;

const BRANCH_SQL = `WITH RECURSIVE branch AS (
  SELECT ${MESSAGE_COLUMNS.join(', ')}, 0 AS depth, ${WEIGHT('messages')} AS weight
    FROM messages WHERE messageId = ?1 AND conversationId = ?2 AND userId = ?3
  UNION ALL
  SELECT ${MESSAGE_COLUMNS.map((name) => `m.${name}`).join(', ')}, b.depth + 1, b.weight + ${WEIGHT('m')}
    FROM branch b JOIN messages m ON m.messageId = b.parentMessageId
    WHERE m.conversationId = ?2 AND m.userId = ?3 AND (b.depth = 0 OR b.weight <= ?4) AND b.depth < ?5
)
SELECT ${MESSAGE_COLUMNS.join(', ')} FROM branch`;

export interface BranchQuery {
  conversationId: string;
  userId: string;
  /** The newest message of the branch: the message answered, or the reply continued. */
  leafId: string;
  /**
   * The prompt's token budget. The walk stops once the messages read reach it; the leaf's
   * parent is always read (a continued reply answers it, whatever the reply weighs).
   */
  tokenBudget: number;
}

/**
 * The user's messages from `leafId` up towards the root, newest first, within the budget; none
 * when the leaf is not the user's message in this conversation. Read with {@link historyOf}.
 */
export function branchStatement(d1: Pick<D1Database, 'prepare'>, query: BranchQuery): D1PreparedStatement {
  return d1
    .prepare(BRANCH_SQL)
    .bind(
      query.leafId,
      query.conversationId,
      query.userId,
      Math.max(0, Math.floor(query.tokenBudget)),
      MAX_BRANCH_DEPTH,
    );
}

/** The messages {@link branchStatement} read, by id. */
export function historyOf(result: D1Result<unknown>): History {
  // The rows of branchStatement: its SELECT names exactly these columns.
  const rows = result.results as MessageRow[];
  return new Map(rows.map((row) => [row.messageId, toRecord(row)]));
}

/** A message's `files`, null when it has none. */
function storedFileRefs(text: string | null): MessageFileRef[] | null {
  const refs = fileRefs(text);
  return refs && refs.length > 0 ? refs : null;
}

function toRecord(row: MessageRow): MessageRecord {
  return {
    ...row,
    parentMessageId: row.parentMessageId ?? NO_PARENT,
    sender: row.sender ?? (row.isCreatedByUser ? 'User' : 'AI'),
    content: parseContent(row.content),
    files: storedFileRefs(row.files),
    isCreatedByUser: row.isCreatedByUser === 1,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
  };
}

/**
 * The branch ending at `leafId`, root first. Stops at the root, at a message that was not
 * read (another conversation's, or beyond the token budget), or at a cycle (which the API
 * never creates, but imported data might).
 */
export function branchTo(history: History, leafId: string): MessageRecord[] {
  const branch: MessageRecord[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = leafId; id !== undefined && id !== NO_PARENT && !seen.has(id);) {
    seen.add(id);
    const message = history.get(id);
    if (!message) break;
    branch.push(message);
    id = message.parentMessageId;
  }
  return branch.reverse();
}

/** What a message says, for the model: its text, or the text parts of its content. */
export function messageText(message: Pick<MessageRecord, 'text' | 'content'>): string {
  if (message.text !== '' || !message.content) return message.text;
  return message.content
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}
