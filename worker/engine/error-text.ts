/**
 * The `text` of a failed reply, as the client reads it to choose what it shows:
 * a JSON object whose `type` selects the message (`{"type":"invalid_user_key"}`,
 * `{"type":"INPUT_LENGTH","info":"…"}`), or plain text shown after the generic "Something went
 * wrong" line.
 */
import { ProviderError, type ProviderErrorCode } from '../providers/types';
import { ChatInputError, ChatRefusal } from './refusal';

/** Whose key the provider was called with: a rejected key of the user's is `invalid_user_key`. */
export type KeySource = 'user' | 'system';

/** Codes the client has a message for: sent as JSON, with the provider's words as `info`. */
const CATALOGUED: ReadonlySet<ProviderErrorCode> = new Set([
  'invalid_api_key',
  'invalid_user_key',
  'insufficient_quota',
  'INPUT_LENGTH',
  'invalid_request_error',
  'google_error',
  'no_user_key',
  'no_base_url',
]);

/** Codes without their own entry in the catalogue: the key is the user's or the operator's. */
const KEY_CODES: ReadonlySet<ProviderErrorCode> = new Set(['no_user_key', 'no_base_url', 'invalid_user_key']);

/** Shown for failures that are ours, not the provider's: details go to the log only. */
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred while generating the reply.';

export function errorText(error: unknown, keySource: KeySource): string {
  if (error instanceof ChatRefusal) return JSON.stringify(error.detail);
  if (error instanceof ChatInputError) return error.message;
  if (!(error instanceof ProviderError)) return UNEXPECTED_ERROR_TEXT;
  const code: ProviderErrorCode =
    error.code === 'invalid_api_key' && keySource === 'user' ? 'invalid_user_key' : error.code;
  if (!CATALOGUED.has(code)) return error.message;
  return JSON.stringify(KEY_CODES.has(code) ? { type: code } : { type: code, info: error.message });
}
