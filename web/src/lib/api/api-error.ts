import { isErrorCode, type ApiError as ApiErrorBody, type ErrorCode } from '@contract/errors';

/**
 * A non-2xx answer from the API. Every route answers errors as `{ message, code? }`
 * (worker/contract/errors.ts), so callers switch on `status` and `code`, never on text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, code?: ErrorCode) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function parseErrorBody(text: string): Partial<ApiErrorBody> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    const code = 'code' in body && isErrorCode(body.code) ? body.code : undefined;
    return { message, code };
  } catch {
    return {};
  }
}

/** Reads a failed response into an ApiError; a body that is not the error shape still yields one. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const { message, code } = parseErrorBody(text);
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, message || fallback, code);
}
