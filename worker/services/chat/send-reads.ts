/**
 * What a send reads and counts before its run starts, one round trip on the way to the first
 * token: the account (it may have been deleted since the token was signed), the conversation's
 * owner, the branch the reply answers (as far up as its prompt can hold, see history.ts; the part
 * of a turn that grows with the conversation), and the chat limits' counters and concurrency
 * lease (writes).
 *
 * Without read replicas, all of it is one batch (one transaction) on the primary. With
 * `readReplicas` (D1_READ_REPLICATION, once the operator has turned replication on), an existing
 * conversation's reads go through a read-replica session, served near the user and taking none
 * of the primary's time, while the limits count on the primary in a second batch sent at the
 * same moment. A replica may be a moment behind the primary. What the send needs always exists
 * by the time it is sent (the user wrote it, or saw it streamed), so a read that misses it was
 * served by a replica not yet caught up, and is repeated on the primary.
 */
import { releaseLeaseStatement } from '../../db/leases';
import type { UserRow } from '../../db/users';
import type { ChatRefusal } from '../../engine/refusal';
import { conversationAccessStatement, ownConversationOf, type ConversationAccessRow } from './conversation-access';
import { branchStatement, historyOf, type BranchQuery, type History } from './history';
import { chatLimitCheck, type ChatLimits, type LimitSubjects } from './limits';

/** What of the account a send uses. */
export type SendUser = Pick<UserRow, 'id' | 'email'>;

export type SendReads =
  | { status: 'no_user' }
  /** The conversation named does not exist or is someone else's. */
  | { status: 'no_conversation' }
  | {
      status: 'ok';
      user: SendUser;
      /** The stored conversation; null for a new one. */
      existing: ConversationAccessRow | null;
      /** The branch read (empty for a new conversation, or when nothing is answered yet). */
      history: History;
      /** The run's concurrency lease (null when that limit is off), or why the limits refuse. */
      limits: { leaseKey: string | null } | { refusal: ChatRefusal };
    };

export interface SendReadsInput {
  userId: string;
  /** The conversation the send continues; null for a new one. */
  conversationId: string | null;
  /** Where its branch is read from (see history.ts); null when the reply answers no stored message. */
  branch: Omit<BranchQuery, 'conversationId' | 'userId'> | null;
  limits: ChatLimits;
  subjects: LimitSubjects;
  now: number;
  /** Read from a replica (see above); a new conversation, with only the account to read, never does. */
  readReplicas: boolean;
}

/**
 * Runs the batch. Refused or not, the message is counted (as LibreChat counts every attempt);
 * a lease taken for a send that goes no further is released here, so the caller only ever
 * holds the lease of `status: 'ok'`.
 */
export async function readForSend(d1: D1Database, input: SendReadsInput): Promise<SendReads> {
  const limitCheck = chatLimitCheck(d1, input.limits, input.subjects, input.now);
  const { read, limitResults } = await (input.readReplicas && input.conversationId !== null
    ? readBesideLimits(d1, input, limitCheck.statements)
    : readWithLimits(d1, input, limitCheck.statements));
  const limits = await limitCheck.settle(limitResults);
  const release = async () => {
    if ('leaseKey' in limits && limits.leaseKey !== null) await releaseLeaseStatement(d1, limits.leaseKey).run();
  };

  const { user, existing, history } = read;
  if (!user) {
    await release();
    return { status: 'no_user' };
  }
  if (input.conversationId === null) return { status: 'ok', user, existing: null, history, limits };
  const own = existing ? ownConversationOf(existing, input.userId) : null;
  if (!own) {
    await release();
    return { status: 'no_conversation' };
  }
  return { status: 'ok', user, existing: own, history, limits };
}

/** What one read batch found. */
interface ContextRead {
  user: SendUser | null;
  /** The conversation's row, whoever owns it. */
  existing: D1Result<unknown> | null;
  history: History;
}

/** The reads and the limits in one batch on the primary. */
async function readWithLimits(d1: D1Database, input: SendReadsInput, limitStatements: D1PreparedStatement[]) {
  const reads = contextStatements(d1, input);
  const results = await d1.batch<unknown>([...reads, ...limitStatements]);
  return { read: contextOf(results.slice(0, reads.length), input), limitResults: results.slice(reads.length) };
}

/** An existing conversation's reads go to a replica while the limits count on the primary. */
async function readBesideLimits(d1: D1Database, input: SendReadsInput, limitStatements: D1PreparedStatement[]) {
  const [replicaRead, limitResults] = await Promise.all([
    readContext(d1.withSession('first-unconstrained'), input),
    limitStatements.length === 0 ? [] : d1.batch<unknown>(limitStatements),
  ]);
  const read = isCaughtUp(replicaRead, input) ? replicaRead : await readContext(d1, input);
  return { read, limitResults };
}

/** The account, the conversation and the branch, in one batch on `db` (a session or the primary). */
async function readContext(db: Pick<D1Database, 'prepare' | 'batch'>, input: SendReadsInput): Promise<ContextRead> {
  return contextOf(await db.batch<unknown>(contextStatements(db, input)), input);
}

function contextStatements(db: Pick<D1Database, 'prepare'>, input: SendReadsInput): D1PreparedStatement[] {
  const { userId, conversationId } = input;
  const statements = [db.prepare('SELECT id, email FROM users WHERE id = ?1').bind(userId)];
  if (conversationId === null) return statements;
  statements.push(conversationAccessStatement(db, conversationId));
  if (input.branch) statements.push(branchStatement(db, { ...input.branch, conversationId, userId }));
  return statements;
}

/** What {@link contextStatements} read, from their results in order. */
function contextOf(results: readonly D1Result<unknown>[], input: SendReadsInput): ContextRead {
  const hasBranch = input.conversationId !== null && input.branch !== null;
  return {
    // Its SELECT names exactly these columns.
    user: (results[0]?.results[0] as SendUser | undefined) ?? null,
    existing: input.conversationId === null ? null : (results[1] ?? null),
    history: hasBranch && results[2] ? historyOf(results[2]) : new Map(),
  };
}

/** Whether a read found everything the send names: if not, the replica was behind. */
function isCaughtUp(read: ContextRead, input: SendReadsInput): boolean {
  if (!read.user) return false;
  if (input.conversationId === null) return true;
  if (!read.existing?.results.length) return false;
  return input.branch === null || read.history.has(input.branch.leafId);
}
