import { ApiError } from '@/lib/api/api-error';

/**
 * The text to show for a failed save or delete: the API's own message for a refusal (it
 * names the field or the limit), the caller's generic text for anything else.
 */
export function presetErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
