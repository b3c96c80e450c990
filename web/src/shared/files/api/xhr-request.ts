import { ApiError } from '@/lib/api/api-error';

/** The user (or leaving the page) stopped the upload; its toast says it was canceled. */
export class UploadCanceledError extends Error {
  override readonly name = 'UploadCanceledError';
}

export interface XhrAnswer {
  status: number;
  text: string;
}

export interface XhrRequest {
  method: string;
  url: string;
  token: string | null;
  body?: XMLHttpRequestBodyInit | null;
  contentType?: string;
  onProgress?: (loaded: number, total: number) => void;
  /** Hands the request over so its owner can abort it. */
  started?: (xhr: XMLHttpRequest) => void;
}

/**
 * One request with XMLHttpRequest rather than fetch: only it reports how many bytes have been
 * sent. A network failure rejects with an ApiError of status 0; an abort with UploadCanceledError.
 */
export function xhrRequest(request: XhrRequest): Promise<XhrAnswer> {
  return new Promise<XhrAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (request.contentType) xhr.setRequestHeader('Content-Type', request.contentType);
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new UploadCanceledError());
    request.started?.(xhr);
    xhr.send(request.body ?? null);
  });
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

/** The answer's JSON body, or an ApiError with the server's message. */
export function jsonOf<T>(answer: XhrAnswer): T {
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, messageOf(answer.text) ?? '');
  return JSON.parse(answer.text) as T;
}
