/**
 * The files of a send: those attached to the new message, and the files the prompt shows the
 * model (images, and text documents as context: text files as they are, PDFs by the text read
 * of them at upload, services/files/pdf-text.ts). Only the caller's own files count; an id that
 * names none (someone else's, a deleted file) is dropped, never an error, as LibreChat does.
 * Earlier messages' files are shown again unless the conversation turns `resendFiles` off. One D1
 * query, and none for a send without files in its branch.
 */
import { DOCUMENT_MAX_BYTES, fileLinkPath } from '../../contract/files';
import { isModelImageType } from '../../contract/vision';
import { ownedFilesStatement, type AttachableFileRow } from '../../db/message-files';
import type { MessageRecord } from '../../db/runs';
import type { MessageFileRef } from '../../db/schema/columns';
import { PDF_TYPE, pdfTextKey } from '../files/pdf-text-object';

/** Text the model can read as it is: plain text, code, markup, data formats. */
const TEXT_DOCUMENT_TYPE =
  /^(text\/[\w.+-]+|application\/(json|ld\+json|xml|x-yaml|yaml|javascript|typescript|x-sh|x-python|sql|csv|x-tex|[\w.-]+\+(json|xml)))$/i;

/** Where uploads keep their bytes: the app's R2 bucket. */
const R2_SOURCE = 'local';

/** A file the prompt may show, with what the object needs to read it and the budget to count it. */
export type PromptFileSource =
  | { kind: 'image'; storageKey: string; mimeType: string; width: number | null; height: number | null }
  | { kind: 'document'; storageKey: string; filename: string; bytes: number };

export interface SendAttachments {
  /** The new user message's `files`, in the order they were sent. */
  sent: MessageFileRef[];
  /** Their stored name, type and size (the message's files are limited as a whole). */
  sentFiles: SentFile[];
  /** The files the prompt shows, by file id. */
  files: ReadonlyMap<string, PromptFileSource>;
}

/** What the checks on a message's files as a whole read of each. */
export interface SentFile {
  filename: string;
  type: string;
  bytes: number;
}

export const NO_ATTACHMENTS: SendAttachments = { sent: [], sentFiles: [], files: new Map() };

const isPromptType = (type: unknown) =>
  typeof type === 'string' && (isModelImageType(type) || TEXT_DOCUMENT_TYPE.test(type) || type === PDF_TYPE);

/** The text a prompt reads of a document, by its key and length: the file itself, or a PDF's text. */
function documentText(row: AttachableFileRow): { storageKey: string; bytes: number } | undefined {
  if (TEXT_DOCUMENT_TYPE.test(row.type)) return { storageKey: row.storageKey, bytes: row.bytes };
  if (row.type === PDF_TYPE && row.textBytes) return { storageKey: pdfTextKey(row.storageKey), bytes: row.textBytes };
  return undefined;
}

interface AttachmentQuery {
  userId: string;
  /** `normal` sends: the files sent with the new message. */
  sentIds: readonly string[];
  /** The existing message a regenerated reply answers: its files are shown whatever `resend` says. */
  requestMessage: MessageRecord | undefined;
  /** The messages read for the prompt. */
  branch: Iterable<MessageRecord>;
  /** The conversation's `resendFiles` (on unless turned off): earlier messages' files too. */
  resend: boolean;
  /**
   * Whether the model sees images (contract/vision). One that does not is shown none: earlier
   * messages' images are left out of its prompt rather than make the provider refuse the turn.
   */
  seesImages: boolean;
}

/** The ids worth reading: the files of the message answered, and (with `resend`) the branch's. */
function idsToRead(query: AttachmentQuery, sentIds: readonly string[]): string[] {
  const ids = new Set(sentIds);
  for (const file of query.requestMessage?.files ?? []) ids.add(file.file_id);
  if (query.resend) {
    for (const message of query.branch) {
      for (const file of message.files ?? []) if (isPromptType(file.type)) ids.add(file.file_id);
    }
  }
  return [...ids];
}

function storedRef(userId: string, row: AttachableFileRow): MessageFileRef {
  return {
    file_id: row.file_id,
    filepath: fileLinkPath(userId, row.file_id),
    filename: row.filename,
    type: row.type,
    embedded: false,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...((documentText(row)?.bytes ?? 0) > DOCUMENT_MAX_BYTES ? { truncated: true } : {}),
  };
}

function promptSource(row: AttachableFileRow, seesImages: boolean): PromptFileSource | undefined {
  if (row.source !== R2_SOURCE) return undefined;
  if (isModelImageType(row.type) && seesImages)
    return { kind: 'image', storageKey: row.storageKey, mimeType: row.type, width: row.width, height: row.height };
  const text = documentText(row);
  return text ? { kind: 'document', filename: row.filename, ...text } : undefined;
}

export async function readSendAttachments(
  d1: Pick<D1Database, 'prepare'>,
  input: AttachmentQuery,
): Promise<SendAttachments> {
  const sentIds = [...new Set(input.sentIds)];
  const ids = idsToRead(input, sentIds);
  if (ids.length === 0) return NO_ATTACHMENTS;
  const { results } = await ownedFilesStatement(d1, input.userId, ids).all<AttachableFileRow>();
  const rows = new Map(results.map((row) => [row.file_id, row]));
  const sentRows = sentIds.flatMap((id) => rows.get(id) ?? []);
  const sent = sentRows.map((row) => storedRef(input.userId, row));
  const sentFiles = sentRows.map(({ filename, type, bytes }) => ({ filename, type, bytes }));
  const files = new Map<string, PromptFileSource>();
  for (const row of results) {
    const source = promptSource(row, input.seesImages);
    if (source) files.set(row.file_id, source);
  }
  return { sent, sentFiles, files };
}
