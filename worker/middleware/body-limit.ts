import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../contract/errors';

/** JSON bodies beyond this are refused: the largest legitimate one is a long chat message. */
export const DEFAULT_JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Refuses bodies larger than `maxBytes` with 413 before they are read whole. Routes that take
 * uploads mount their own, larger limit.
 */
export function bodyLimit(maxBytes: number = DEFAULT_JSON_BODY_LIMIT_BYTES) {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json({ message: `Request body exceeds ${maxBytes} bytes.`, code: ERROR_CODES.payloadTooLarge }, 413),
  });
}
