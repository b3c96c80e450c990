import type { MessageFile } from '@/shared/conversation/types';

/** What the server answered for an uploaded file: enough to send it and to delete it. */
export interface StoredAttachment {
  file_id: string;
  filepath: string;
  type: string;
  source: string;
  embedded: boolean;
  width?: number;
  height?: number;
}

/** A file in the composer: uploading (progress below 1) or uploaded (`stored` set). */
export interface Attachment {
  /** The client's id for the upload, sent as its `file_id` form field. */
  id: string;
  filename: string;
  type: string;
  bytes: number;
  /** A local object URL while an image uploads; its link once restored from a draft. */
  preview?: string;
  width?: number;
  height?: number;
  /** 0 to 1; the file is ready to send at 1. */
  progress: number;
  /** Taking longer than its size explains: the thumbnail asks the user to wait. */
  slow: boolean;
  stored?: StoredAttachment;
}

export const isUploading = (attachment: Attachment): boolean => attachment.progress < 1 || !attachment.stored;

/** The files a send carries: the uploaded ones, as the message will store them. */
export function filesToSend(attachments: Attachment[]): MessageFile[] {
  return attachments.flatMap(({ stored, filename }) =>
    stored
      ? [
          {
            file_id: stored.file_id,
            filepath: stored.filepath,
            type: stored.type,
            filename,
            ...(stored.width !== undefined && stored.height !== undefined
              ? { width: stored.width, height: stored.height }
              : {}),
          },
        ]
      : [],
  );
}
