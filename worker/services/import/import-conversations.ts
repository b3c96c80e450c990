import { normaliseTree } from './tree';
import { IMPORT_MAX_MESSAGE_CHARS, IMPORT_MAX_REASONS } from './limits';
import type { ParsedConversation, ParsedFile } from './types';
import { conversationStatements, type ConversationToWrite } from './writer';

/** The title of a conversation whose file gave none. */
export const IMPORTED_TITLE = 'Imported Chat';

export interface ImportSummary {
  /** Conversations stored. */
  imported: number;
  /** Conversations of the file left out. */
  skipped: number;
  messages: { imported: number; skipped: number };
  /** Why things were left out, first few only. */
  reasons: string[];
  /** Conversations that were valid but whose write failed (a D1 error, not the file's fault). */
  failedWrites: number;
}

/**
 * The rows of one conversation. Dates the file leaves out come from the messages: created at
 * the first one, updated at the last one, so the list files it where it happened.
 */
function prepare(
  conversation: ParsedConversation,
  userId: string,
  now: number,
): { toWrite: ConversationToWrite; duplicates: number } {
  const tree = normaliseTree(conversation.nodes, conversation.createdAt ?? now);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const message of tree.messages) {
    first = Math.min(first, message.createdAt);
    last = Math.max(last, message.createdAt);
  }
  const createdAt = conversation.createdAt ?? (Number.isFinite(first) ? first : now);
  const toWrite: ConversationToWrite = {
    conversationId: crypto.randomUUID(),
    userId,
    title: conversation.title ?? IMPORTED_TITLE,
    endpoint: conversation.endpoint,
    model: conversation.model,
    createdAt,
    updatedAt: Math.max(conversation.updatedAt ?? createdAt, last),
    messages: tree.messages,
  };
  return { toWrite, duplicates: tree.duplicates };
}

/**
 * Stores the parsed conversations as the caller's own (never temporary), each in its own
 * transaction, and tells what was stored and what was left out. Conversations are written one
 * after another: a later failure does not undo earlier ones, and the summary says so.
 */
export async function importConversations(
  d1: D1Database,
  userId: string,
  parsed: ParsedFile,
  log: (error: unknown) => void,
  now = Date.now(),
): Promise<ImportSummary> {
  const reasons = new Set(parsed.skipped.map((skip) => skip.reason));
  const summary: ImportSummary = {
    imported: 0,
    skipped: parsed.skipped.length,
    messages: { imported: 0, skipped: 0 },
    reasons: [],
    failedWrites: 0,
  };

  for (const conversation of parsed.conversations) {
    const { toWrite, duplicates } = prepare(conversation, userId, now);
    summary.messages.skipped += conversation.skippedMessages + duplicates;
    if (duplicates > 0) reasons.add('Messages repeating an id already seen in their conversation were left out.');
    if (conversation.tooLongMessages > 0)
      reasons.add(`Messages longer than ${IMPORT_MAX_MESSAGE_CHARS} characters were left out.`);
    const label = `"${toWrite.title}"`;
    if (toWrite.messages.length === 0) {
      summary.skipped++;
      reasons.add(`Conversation ${label} has no message to import.`);
      continue;
    }
    try {
      await d1.batch(conversationStatements(d1, toWrite));
      summary.imported++;
      summary.messages.imported += toWrite.messages.length;
    } catch (error) {
      log(error);
      summary.skipped++;
      summary.failedWrites++;
      reasons.add(`Conversation ${label} could not be saved.`);
    }
  }
  summary.reasons = [...reasons].slice(0, IMPORT_MAX_REASONS);
  return summary;
}
