import type { StoredFileResponse } from '@contract/files';
import { withAuthRetry } from './auth-retry';
import { uploadInParts } from './upload-parts';
import { UploadCanceledError, jsonOf, xhrRequest } from './xhr-request';

export { UploadCanceledError } from './xhr-request';

export interface UploadInput {
  file: File;
  /** The client's id for the upload; the answer carries it back as `temp_file_id`. */
  fileId: string;
  endpoint: string;
  /**
   * Whose upload it is: a large file's upload is then saved in the browser, and the same file
   * picked again (after a reload, or a failure) resumes it.
   */
  userId?: string;
  /** Measured in the browser; an image with both goes to the image route. */
  width?: number;
  height?: number;
}

export type UploadedFile = StoredFileResponse & { message?: string };

export interface UploadHandle {
  result: Promise<UploadedFile>;
  /** Stops the upload; `result` then rejects with an UploadCanceledError. */
  abort(): void;
}

/**
 * Files above this size go up in parts: one request body may not exceed 100 MB on the
 * server's platform, and a dropped connection then costs one part, not the whole file.
 */
export const PARTS_UPLOAD_THRESHOLD_BYTES = 64 * 1024 * 1024;

function formOf(input: UploadInput): FormData {
  const form = new FormData();
  // Text fields first: a server reading the stream knows the endpoint before the bytes.
  form.append('endpoint', input.endpoint);
  form.append('file_id', input.fileId);
  if (input.width !== undefined && input.height !== undefined) {
    form.append('width', String(input.width));
    form.append('height', String(input.height));
  }
  form.append('file', input.file, encodeURIComponent(input.file.name));
  return form;
}

/**
 * Uploads one file with `POST /api/files` (or `/api/files/images` for a measured image), or
 * in parts when it is large (upload-parts.ts); either way the same answer.
 */
export function uploadFile(input: UploadInput, onBytes?: (loaded: number, total: number) => void): UploadHandle {
  if (input.file.size > PARTS_UPLOAD_THRESHOLD_BYTES) return uploadInParts(input, onBytes);
  const path = input.width !== undefined && input.height !== undefined ? '/api/files/images' : '/api/files';
  let current: XMLHttpRequest | null = null;
  let canceled = false;

  const send = (token: string | null) => {
    if (canceled) return Promise.reject(new UploadCanceledError());
    return xhrRequest({
      method: 'POST',
      url: path,
      token,
      body: formOf(input),
      onProgress: onBytes,
      started: (xhr) => {
        current = xhr;
      },
    });
  };

  return {
    result: withAuthRetry(send).then((answer) => jsonOf<UploadedFile>(answer)),
    abort() {
      canceled = true;
      current?.abort();
    },
  };
}
