/**
 * The fork's D1 side: reading the source tree's skeleton, and writing the copy in one batch
 * (a D1 batch is one transaction: the new conversation appears with all its messages or not
 * at all). Everything is scoped by the caller's user id, like every query on user data.
 */
import { getTableColumns } from 'drizzle-orm';
import { MAX_FORK_MESSAGES } from '../../contract/fork';
import { conversationOptionColumns, conversations } from '../../db/schema';
import type { ForkedNode, TreeNode } from './select';

/**
 * The source's messages, ids and parents only (the copy itself is made inside D1), at most
 * MAX_FORK_MESSAGES + 1 of them so the caller can tell "too large" without reading it all.
 * `+userId` keeps the planner on the conversation index (see db/messages.ts).
 */
export async function loadForkSkeleton(
  d1: D1Database,
  userId: string,
  conversationId: string,
  now = Date.now(),
): Promise<TreeNode[]> {
  const { results } = await d1
    .prepare(
      `SELECT seq, messageId, parentMessageId, createdAt FROM messages
       WHERE conversationId = ?1 AND +userId = ?2 AND (expiredAt IS NULL OR expiredAt > ?3)
       LIMIT ?4`,
    )
    .bind(conversationId, userId, now, MAX_FORK_MESSAGES + 1)
    .all<TreeNode>();
  return results;
}

/** SQL names of the conversation's option columns (endpoint, model, every model parameter). */
const OPTION_COLUMN_NAMES = (() => {
  const columns = getTableColumns(conversations);
  return Object.keys(conversationOptionColumns()).map((key) => {
    const column = columns[key as keyof typeof columns];
    return column.name;
  });
})();

/** Message columns copied as they are; ids, parents, owner and times are the fork's own. */
const COPIED_MESSAGE_COLUMNS = [
  'sender',
  'text',
  'content',
  'isCreatedByUser',
  'endpoint',
  'model',
  'error',
  'unfinished',
  'finish_reason',
  'tokenCount',
  'files',
  'attachments',
  'plugin',
  'plugins',
  'iconURL',
  'thread_id',
  'generation',
  'clientTimestamp',
];

/** One copied message as the insert reads it from its JSON parameter. */
interface CopyPlanEntry {
  /** Source message id. */
  from: string;
  /** New message id. */
  id: string;
  /** New parent id (NO_PARENT for a root). */
  parent: string;
  /** New creation time (epoch ms). */
  at: number;
}

/**
 * New ids for the selected messages, parents remapped to the new ids. A copy is never older
 * than its parent (LibreChat's rule too): the client orders siblings and the list orders
 * messages by creation time, and a reply listed before its question would read wrongly.
 */
export function planCopy(
  selected: readonly ForkedNode[],
  newId: () => string = () => crypto.randomUUID(),
): CopyPlanEntry[] {
  const newIds = new Map<string, string>();
  const times = new Map<string, number>();
  return selected.map(({ node, parentMessageId }) => {
    const id = newId();
    newIds.set(node.messageId, id);
    const parent = newIds.get(parentMessageId);
    const parentTime = parent === undefined ? undefined : times.get(parent);
    const at = parentTime !== undefined && node.createdAt <= parentTime ? parentTime + 1 : node.createdAt;
    times.set(id, at);
    // `selected` lists parents first, so a non-root's parent always has its new id by now.
    return { from: node.messageId, id, parent: parent ?? parentMessageId, at };
  });
}

export interface ForkWrite {
  userId: string;
  sourceConversationId: string;
  newConversationId: string;
  plan: readonly CopyPlanEntry[];
}

/**
 * Writes the new conversation (the source's title and settings; not archived, not temporary,
 * no tags) and its messages, copied row to row inside D1 from one JSON parameter, so the
 * statement count stays two whatever the size. Messages are inserted in plan order, parents
 * first, so `seq` (the list's tie-break) follows the tree. Answers how many conversation and
 * message rows were written; fewer than planned means the source changed meanwhile.
 */
export async function writeFork(
  d1: D1Database,
  write: ForkWrite,
  now = Date.now(),
): Promise<{ conversations: number; messages: number }> {
  const options = OPTION_COLUMN_NAMES.join(', ');
  const copied = COPIED_MESSAGE_COLUMNS.join(', ');
  const copiedFromSource = COPIED_MESSAGE_COLUMNS.map((name) => `m.${name}`).join(', ');
  const [conversation, messages] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO conversations (conversationId, userId, title, ${options}, createdAt, updatedAt)
         SELECT ?1, userId, title, ${options}, ?4, ?4 FROM conversations
         WHERE userId = ?2 AND conversationId = ?3 AND (expiredAt IS NULL OR expiredAt > ?4)
         RETURNING seq`,
      )
      .bind(write.newConversationId, write.userId, write.sourceConversationId, now),
    d1
      .prepare(
        `INSERT INTO messages (messageId, conversationId, userId, parentMessageId, ${copied}, createdAt, updatedAt)
         SELECT json_extract(p.value, '$.id'), ?1, m.userId, json_extract(p.value, '$.parent'), ${copiedFromSource},
                json_extract(p.value, '$.at'), json_extract(p.value, '$.at')
         FROM json_each(?2) AS p
         JOIN messages AS m ON m.messageId = json_extract(p.value, '$.from') AND m.userId = ?3 AND m.conversationId = ?4
         ORDER BY p.key
         RETURNING seq`,
      )
      .bind(write.newConversationId, JSON.stringify(write.plan), write.userId, write.sourceConversationId),
  ]);
  // Counted from RETURNING: `meta.changes` also counts the search triggers' writes.
  return { conversations: conversation?.results.length ?? 0, messages: messages?.results.length ?? 0 };
}

/** Removes a fork that could not be completed (its messages go by cascade). */
export async function discardFork(d1: D1Database, userId: string, conversationId: string): Promise<void> {
  await d1
    .prepare('DELETE FROM conversations WHERE userId = ?1 AND conversationId = ?2')
    .bind(userId, conversationId)
    .run();
}
