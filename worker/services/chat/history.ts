/**
 * A conversation's stored messages, read once per send (one indexed query in the send's D1
 * batch, rows read = the conversation's message count) and walked as a tree: every message
 * points at its parent, the root's parent is the all-zeros id.
 */
import { NO_PARENT } from '../../contract/endpoints';
import type { WireContentPart } from '../../contract/stream';
import type { MessageRecord } from './records';
import type { MessageRow as StoredMessageRow } from '../../db/messages';

/** The columns read below, typed as `db/messages.ts` types a row, plus the owner and expiry. */
type MessageRow = Pick<
  StoredMessageRow,
  | 'messageId'
  | 'conversationId'
  | 'parentMessageId'
  | 'sender'
  | 'text'
  | 'content'
  | 'isCreatedByUser'
  | 'endpoint'
  | 'model'
  | 'error'
  | 'unfinished'
  | 'finish_reason'
  | 'tokenCount'
  | 'iconURL'
  | 'clientTimestamp'
  | 'createdAt'
  | 'updatedAt'
> & { userId: string; expiredAt: number | null };

const COLUMNS =
  'messageId, conversationId, userId, parentMessageId, sender, text, content, isCreatedByUser, endpoint, model, error, unfinished, finish_reason, tokenCount, iconURL, clientTimestamp, expiredAt, createdAt, updatedAt';

export type History = ReadonlyMap<string, MessageRecord>;

/**
 * The user's messages of the conversation (none for another user's conversation); read its
 * result with {@link historyOf}. `+userId` keeps the owner check off the index choice: without
 * statistics SQLite would walk `messages_user_idx` and read every message the user has, not
 * just this conversation's.
 */
export function historyStatement(d1: D1Database, conversationId: string, userId: string): D1PreparedStatement {
  return d1.prepare(`SELECT ${COLUMNS} FROM messages WHERE conversationId = ?1 AND +userId = ?2`).bind(conversationId, userId);
}

/** The messages {@link historyStatement} read, by id. */
export function historyOf(result: D1Result<unknown>): History {
  // The rows of historyStatement: its SELECT names exactly these columns.
  const rows = result.results as MessageRow[];
  return new Map(rows.map((row) => [row.messageId, toRecord(row)]));
}

function toRecord(row: MessageRow): MessageRecord {
  return {
    ...row,
    parentMessageId: row.parentMessageId ?? NO_PARENT,
    sender: row.sender ?? (row.isCreatedByUser ? 'User' : 'AI'),
    content: parseContent(row.content),
    isCreatedByUser: row.isCreatedByUser === 1,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
  };
}

function parseContent(text: string | null): WireContentPart[] | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const parts: WireContentPart[] = [];
  for (const part of parsed) {
    if (typeof part === 'object' && part !== null && 'type' in part && typeof part.type === 'string') parts.push({ ...part, type: part.type });
  }
  return parts;
}

/**
 * The branch ending at `leafId`, root first. Stops at the root, at a parent that is not in
 * the conversation, or at a cycle (which the API never creates, but imported data might).
 */
export function branchTo(history: History, leafId: string): MessageRecord[] {
  const branch: MessageRecord[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = leafId; id !== undefined && id !== NO_PARENT && !seen.has(id); ) {
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
