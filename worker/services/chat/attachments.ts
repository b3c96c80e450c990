/**
 * The files of a send: those attached to the new message, and the images the prompt shows the
 * model. Only the caller's own files count; an id that names none (someone else's, a deleted
 * file) is dropped, never an error, as LibreChat does. Earlier messages' images are shown again
 * unless the conversation turns `resendFiles` off. One D1 query, and none for a send without
 * files in its branch.
 */
import { fileLinkPath } from '../../contract/files';
import { ownedFilesStatement, type AttachableFileRow } from '../../db/message-files';
import type { MessageRecord } from '../../db/runs';
import type { MessageFileRef } from '../../db/schema/columns';

/** The image types every provider module can inline (see providers/bedrock/request.ts). */
const PROMPT_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Where uploads keep their bytes: the app's R2 bucket. */
const R2_SOURCE = 'local';

/** An image the prompt may show, by what the object needs to read it and the budget to count it. */
export interface PromptImageSource {
  storageKey: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}

export interface SendAttachments {
  /** The new user message's `files`, in the order they were sent. */
  sent: MessageFileRef[];
  /** The images the prompt shows, by file id. */
  images: ReadonlyMap<string, PromptImageSource>;
}

export const NO_ATTACHMENTS: SendAttachments = { sent: [], images: new Map() };

const isImageRef = (file: MessageFileRef) => typeof file.type === 'string' && PROMPT_IMAGE_TYPES.has(file.type);

interface AttachmentQuery {
  userId: string;
  /** `normal` sends: the files sent with the new message. */
  sentIds: readonly string[];
  /** The existing message a regenerated reply answers: its files are shown whatever `resend` says. */
  requestMessage: MessageRecord | undefined;
  /** The messages read for the prompt. */
  branch: Iterable<MessageRecord>;
  /** The conversation's `resendFiles` (on unless turned off): earlier messages' images too. */
  resend: boolean;
}

/** The ids worth reading: the files of the message answered, and (with `resend`) the branch's images. */
function idsToRead(query: AttachmentQuery, sentIds: readonly string[]): string[] {
  const ids = new Set(sentIds);
  for (const file of query.requestMessage?.files ?? []) ids.add(file.file_id);
  if (query.resend) {
    for (const message of query.branch) {
      for (const file of message.files ?? []) if (isImageRef(file)) ids.add(file.file_id);
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
  };
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
  const sent = sentIds.flatMap((id) => {
    const row = rows.get(id);
    return row ? [storedRef(input.userId, row)] : [];
  });
  const images = new Map<string, PromptImageSource>();
  for (const row of results) {
    if (row.source !== R2_SOURCE || !PROMPT_IMAGE_TYPES.has(row.type)) continue;
    images.set(row.file_id, { storageKey: row.storageKey, mimeType: row.type, width: row.width, height: row.height });
  }
  return { sent, images };
}
