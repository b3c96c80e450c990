/**
 * Maps Anthropic's errors — `{"type":"error","error":{"type","message"}}`, as an HTTP answer or
 * as a mid-stream `error` event — to the error catalogue. The message decides before the type
 * where Anthropic reuses one type for different causes: a too-long prompt and an empty credit
 * balance are both `invalid_request_error` with status 400.
 */
import { isRecord, readErrorBody } from '../failures';
import { ProviderError, type ProviderErrorCode } from '../types';

const INPUT_TOO_LONG =
  /prompt is too long|input is too long|exceeds? the (?:maximum )?context|context window|maximum allowed number of bytes/i;
const OUT_OF_CREDIT = /credit balance is too low|quota|billing|usage limits?/i;

export function anthropicError(type: string | undefined, message: string, status?: number): ProviderError {
  const text = message || `Anthropic failed (${type ?? status ?? 'unknown error'}).`;
  return new ProviderError(codeFor(type, text, status), text, status);
}

function codeFor(type: string | undefined, message: string, status: number | undefined): ProviderErrorCode {
  if (type === 'request_too_large' || status === 413 || INPUT_TOO_LONG.test(message)) return 'INPUT_LENGTH';
  if (
    OUT_OF_CREDIT.test(message) &&
    (type === 'invalid_request_error' ||
      type === 'rate_limit_error' ||
      type === 'billing_error' ||
      status === 400 ||
      status === 402 ||
      status === 429)
  ) {
    return 'insufficient_quota';
  }
  switch (type) {
    case 'authentication_error':
    case 'permission_error':
      return 'invalid_api_key';
    case 'rate_limit_error':
      return 'rate_limit';
    case 'invalid_request_error':
    case 'not_found_error':
      return 'invalid_request_error';
    case 'overloaded_error':
    case 'api_error':
    case 'timeout_error':
      return 'provider_error';
  }
  if (status === 401 || status === 403) return 'invalid_api_key';
  if (status === 429) return 'rate_limit';
  if (status !== undefined && status >= 400 && status < 500) return 'invalid_request_error';
  return 'provider_error';
}

/** The `{type, message}` inside an Anthropic error document, if it is one. */
export function errorDetail(document: unknown): { type?: string; message?: string } {
  const error = isRecord(document) && isRecord(document.error) ? document.error : undefined;
  if (!error) return {};
  return {
    ...(typeof error.type === 'string' ? { type: error.type } : {}),
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
  };
}

/** The error of a non-2xx Messages API response (529 is Anthropic's "overloaded"). */
export async function anthropicHttpError(response: Response): Promise<ProviderError> {
  const { text, json } = await readErrorBody(response);
  const detail = errorDetail(json);
  return anthropicError(detail.type, detail.message ?? text.trim().slice(0, 500), response.status);
}
