import { ERROR_CODES } from '@contract/errors';
import { ApiError } from '@/lib/api/api-error';

/** The bookmark name is taken: the name field says so (a 409 with `tag_exists`). */
export const isNameTaken = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERROR_CODES.tagExists;

/**
 * The text for a failed bookmark call: the API's own message for a refusal (it names the
 * limit or what is missing), the caller's generic text for anything else.
 */
export function tagErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}
