import type { StoredFileResponse } from '@contract/files';
import { ApiError } from '@/lib/api/api-error';
import { withAuthRetry } from './auth-retry';

export interface UploadInput {
  file: File;
  /** The client's id for the upload; the answer carries it back as `temp_file_id`. */
  fileId: string;
  endpoint: string;
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

/** The user (or leaving the page) stopped the upload; its toast says it was canceled. */
export class UploadCanceledError extends Error {
  override readonly name = 'UploadCanceledError';
}

type XhrAnswer = { status: number; text: string };

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

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: the caller falls back to a generic text.
  }
  return undefined;
}

/**
 * Uploads one file with `POST /api/files` (or `/api/files/images` for a measured image).
 * XMLHttpRequest rather than fetch: only it reports how many bytes have been sent.
 */
export function uploadFile(input: UploadInput, onBytes?: (loaded: number, total: number) => void): UploadHandle {
  const path = input.width !== undefined && input.height !== undefined ? '/api/files/images' : '/api/files';
  let current: XMLHttpRequest | null = null;
  let canceled = false;

  const send = (token: string | null) =>
    new Promise<XhrAnswer>((resolve, reject) => {
      if (canceled) {
        reject(new UploadCanceledError());
        return;
      }
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open('POST', path);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onBytes?.(event.loaded, event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new ApiError(0, ''));
      xhr.onabort = () => reject(new UploadCanceledError());
      xhr.send(formOf(input));
    });

  const result = withAuthRetry(send).then((answer) => {
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, messageOf(answer.text) ?? '');
    return JSON.parse(answer.text) as UploadedFile;
  });

  return {
    result,
    abort() {
      canceled = true;
      current?.abort();
    },
  };
}
