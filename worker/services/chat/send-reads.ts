/**
 * What a send reads and counts before its run starts, in one D1 batch (one round trip on the
 * way to the first token, and one transaction): the account (it may have been deleted since
 * the token was signed), the conversation's owner, the branch the reply answers (as far up as
 * its prompt can hold, see history.ts), and the chat limits' counters and concurrency lease.
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
}

/**
 * Runs the batch. Refused or not, the message is counted (as LibreChat counts every attempt);
 * a lease taken for a send that goes no further is released here, so the caller only ever
 * holds the lease of `status: 'ok'`.
 */
export async function readForSend(d1: D1Database, input: SendReadsInput): Promise<SendReads> {
  const { userId, conversationId } = input;
  const limitCheck = chatLimitCheck(d1, input.limits, input.subjects, input.now);
  const branch =
    conversationId === null || input.branch === null
      ? null
      : branchStatement(d1, { ...input.branch, conversationId, userId });
  const reads = [
    d1.prepare('SELECT id, email FROM users WHERE id = ?1').bind(userId),
    ...(conversationId === null ? [] : [conversationAccessStatement(d1, conversationId), ...(branch ? [branch] : [])]),
  ];
  const results = await d1.batch<unknown>([...reads, ...limitCheck.statements]);
  const limits = await limitCheck.settle(results.slice(reads.length));
  const release = async () => {
    if ('leaseKey' in limits && limits.leaseKey !== null) await releaseLeaseStatement(d1, limits.leaseKey).run();
  };

  // Its SELECT names exactly these columns.
  const user = results[0]?.results[0] as SendUser | undefined;
  if (!user) {
    await release();
    return { status: 'no_user' };
  }
  if (conversationId === null) return { status: 'ok', user, existing: null, history: new Map(), limits };
  const existing = results[1] ? ownConversationOf(results[1], userId) : null;
  if (!existing) {
    await release();
    return { status: 'no_conversation' };
  }
  return { status: 'ok', user, existing, history: branch && results[2] ? historyOf(results[2]) : new Map(), limits };
}
