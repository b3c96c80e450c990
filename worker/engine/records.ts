/**
 * The rows a run writes (db/runs.ts) in their API shapes (`final` frame, abort answer, a live
 * conversation): timestamps are epoch milliseconds in storage and ISO strings on the wire.
 */
import type { WireMessage } from '../contract/stream';
import type { ConversationRecord, MessageRecord } from '../db/runs';

export const DEFAULT_CONVERSATION_TITLE = 'New Chat';

/** LibreChat keeps temporary chats for 30 days. */
export const TEMPORARY_CHAT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function toWireMessage(record: MessageRecord): WireMessage {
  const message: WireMessage = {
    messageId: record.messageId,
    conversationId: record.conversationId,
    parentMessageId: record.parentMessageId,
    sender: record.sender,
    text: record.text,
    isCreatedByUser: record.isCreatedByUser,
    endpoint: record.endpoint,
    model: record.model,
    error: record.error,
    unfinished: record.unfinished,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
  if (record.content) message.content = record.content;
  if (record.finish_reason !== null) message.finish_reason = record.finish_reason;
  if (record.tokenCount !== null) message.tokenCount = record.tokenCount;
  if (record.files) message.files = record.files;
  if (record.iconURL !== null) message.iconURL = record.iconURL;
  if (record.clientTimestamp !== null) message.clientTimestamp = record.clientTimestamp;
  return message;
}

/** The conversation as the API shows it: set options only, dates as ISO strings. */
export function toWireConversation(record: ConversationRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    conversationId: record.conversationId,
    user: record.userId,
    title: record.title,
  };
  for (const [name, value] of Object.entries(record.options))
    if (value !== undefined && value !== null) wire[name] = value;
  wire.isArchived = record.isArchived;
  if (record.isTemporary) wire.isTemporary = true;
  wire.expiredAt = record.expiredAt === null ? null : iso(record.expiredAt);
  wire.createdAt = iso(record.createdAt);
  wire.updatedAt = iso(record.updatedAt);
  return wire;
}
