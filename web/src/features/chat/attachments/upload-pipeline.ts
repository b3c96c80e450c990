import type { EndpointFileLimits } from '@contract/files';
import { ApiError } from '@/lib/api/api-error';
import { UploadCanceledError, uploadFile, type UploadHandle } from '@/shared/files/api/upload-file';
import type { Attachment } from './attachment';
import { isImageType } from './file-type';
import { downscaleImage } from './downscale-image';
import { measureImage } from './measure-image';
import { slowUploadDelayMs, UploadProgress } from './upload-progress';
import { checkFiles, type AttachedFile, type FileProblem } from './validate-files';

/*
 * The work behind attaching a file: checks, measuring, uploading, progress. Loaded the first
 * time the user attaches something, so a chat where nothing is attached never downloads it.
 */

/** An upload under way, so it can be canceled. */
export type InFlight = {
  handle: UploadHandle | null;
  progress: UploadProgress;
  slowTimer: ReturnType<typeof setTimeout>;
};

/** Why an upload ended without a file: canceled, the server's own words, or unknown. */
export type UploadFailure = { kind: 'canceled' } | { kind: 'server'; message: string } | { kind: 'unknown' };

export interface UploadCallbacks {
  update(id: string, patch: Partial<Attachment>): void;
  track(id: string, flight: InFlight): void;
  /** False once the user canceled the upload. */
  isTracked(id: string): boolean;
  /** The upload ended (either way): stop tracking it. */
  finish(id: string): void;
  fail(id: string, failure: UploadFailure): void;
}

/** The accepted files as new attachments (with the type they are uploaded as), and the refusals. */
export function prepareFiles(
  files: File[],
  attached: AttachedFile[],
  limits: EndpointFileLimits,
  seesImages: boolean,
): { added: { attachment: Attachment; file: File }[]; problems: FileProblem[] } {
  const { accepted, problems } = checkFiles(files, attached, limits, seesImages);
  const added = accepted.map(({ file, type }) => {
    // The server sees the type the checks accepted (a code file the browser did not type).
    // Its last change is kept: with its name and size it finds a large upload to resume.
    const typed = file.type === type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
    const attachment: Attachment = {
      id: crypto.randomUUID(),
      filename: file.name,
      type,
      bytes: file.size,
      preview: isImageType(type) ? URL.createObjectURL(typed) : undefined,
      progress: 0,
      slow: false,
    };
    return { attachment, file: typed };
  });
  return { added, problems };
}

const failureOf = (error: unknown): UploadFailure => {
  if (error instanceof UploadCanceledError) return { kind: 'canceled' };
  if (error instanceof ApiError && error.message) return { kind: 'server', message: error.message };
  return { kind: 'unknown' };
};

/** An image's size, and the image made smaller when it is larger than models use (downscale-image.ts). */
async function prepareImage(file: File): Promise<{ file: File; size: { width: number; height: number } | null }> {
  const measured = await measureImage(file);
  if (!measured) return { file, size: null };
  const { file: upload, width, height } = await downscaleImage(file, measured);
  return { file: upload, size: { width, height } };
}

/**
 * Measures an image, uploads the file and moves its progress ring until the server answers.
 * With the user's id, a large file's upload can resume after a reload (upload-sessions.ts).
 */
export async function runUpload(
  attachment: Attachment,
  picked: File,
  endpoint: string,
  callbacks: UploadCallbacks,
  userId?: string,
) {
  const { id } = attachment;
  const progress = new UploadProgress((value) => callbacks.update(id, { progress: value }));
  const slowTimer = setTimeout(() => callbacks.update(id, { slow: true }), slowUploadDelayMs(picked.size));
  const flight: InFlight = { handle: null, progress, slowTimer };
  callbacks.track(id, flight);
  try {
    const { file, size } = isImageType(attachment.type) ? await prepareImage(picked) : { file: picked, size: null };
    if (size) {
      callbacks.update(id, size);
      progress.imageReady();
    }
    if (!callbacks.isTracked(id)) throw new UploadCanceledError();
    flight.handle = uploadFile({ file, fileId: id, endpoint, userId, ...size }, (loaded, total) =>
      progress.bytesSent(loaded, total),
    );
    const stored = await flight.handle.result;
    callbacks.finish(id);
    progress.succeeded();
    const { file_id, filepath, type, source, embedded, width, height } = stored;
    callbacks.update(id, { slow: false, stored: { file_id, filepath, type, source, embedded, width, height } });
  } catch (error) {
    callbacks.finish(id);
    progress.stop();
    callbacks.fail(id, failureOf(error));
  }
}
