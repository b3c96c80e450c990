import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from './contract/errors';

/**
 * The one exception type route code throws. `app.onError` turns it into the API's error shape
 * `{ message, code? }` with this status; anything else becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
