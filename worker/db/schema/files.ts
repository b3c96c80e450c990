import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, timestamps } from './columns';
import { users } from './users';

/** Where a file's bytes live (LibreChat's `source` values). Ours are in R2 unless imported. */
export const FILE_SOURCES = [
  'local',
  'firebase',
  'azure',
  'azure_blob',
  'openai',
  's3',
  'vectordb',
  'execute_code',
  'mistral_ocr',
  'text',
] as const;

/** What a file is for (LibreChat's `context` values). */
export const FILE_CONTEXTS = [
  'avatar',
  'unknown',
  'agents',
  'assistants',
  'execute_code',
  'image_generation',
  'assistants_output',
  'message_attachment',
] as const;

/**
 * Uploaded and generated files. The bytes are in R2 under `storageKey`, which the server
 * generates (never derived from a client-supplied name: path traversal). `filename` is only
 * the display name.
 *
 * `conversationId` and `messageId` are plain columns, not foreign keys: files are uploaded
 * before the conversation exists and outlive it (they stay in the user's file list).
 */
export const files = sqliteTable(
  'files',
  {
    file_id: text('file_id').primaryKey(),
    /** The id the client used while uploading (LibreChat's temp_file_id). */
    temp_file_id: text('temp_file_id'),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversationId'),
    messageId: text('messageId'),
    filename: text('filename').notNull(),
    storageKey: text('storageKey').notNull(),
    /** MIME type. */
    type: text('type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    source: text('source', { enum: FILE_SOURCES }).notNull().default('local'),
    context: text('context', { enum: FILE_CONTEXTS }).notNull().default('message_attachment'),
    embedded: bool('embedded').notNull().default(false),
    tool_resource: text('tool_resource'),
    /** How many times the file was sent to a model. */
    usage: integer('usage').notNull().default(0),
    /** Generated files (code output) expire; the link then shows "download expired". */
    expiresAt: integer('expiresAt'),
    /**
     * A PDF whose text was read at upload: the length in bytes of that text, kept beside the file
     * in R2 (`${storageKey}.txt`). Null for every other file, a PDF without a text layer, one
     * too large to read, or one that could not be read.
     */
    textBytes: integer('textBytes'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storageKey),
    index('files_user_created_idx').on(t.userId, t.createdAt),
    index('files_conversation_idx').on(t.conversationId),
    index('files_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);
