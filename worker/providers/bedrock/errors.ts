/**
 * Maps Bedrock's failures to the error catalogue. They come two ways with the same vocabulary:
 * before the stream as an HTTP error (type in the `x-amzn-errortype` header, `{"message"}` body),
 * or inside the stream as an exception frame (`:exception-type` header, `{"message"}` payload).
 */
import { isRecord, readErrorBody } from '../failures';
import { ProviderError, type ProviderErrorCode } from '../types';

const AUTH = new Set([
  'accessdeniedexception',
  'unrecognizedclientexception',
  'invalidsignatureexception',
  'incompletesignatureexception',
  'expiredtokenexception',
  'missingauthenticationtokenexception',
  'invalidclienttokenid',
  'signaturedoesnotmatch',
]);
const REQUEST = new Set(['validationexception', 'resourcenotfoundexception', 'conflictexception']);
/** Anthropic's "prompt is too long", Bedrock's own "Input is too long for requested model.", … */
const INPUT_TOO_LONG =
  /input is too long|prompt is too long|too many input tokens|input length|context (?:length|window)/i;

/**
 * `type` is the exception name in any case, with or without the `:namespace` suffix AWS appends
 * in the header (e.g. `ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/`).
 */
export function bedrockError(type: string | undefined, message: string, status?: number): ProviderError {
  const name = (type ?? '').split(':')[0]?.trim().toLowerCase() ?? '';
  return new ProviderError(
    codeFor(name, message, status),
    message || `Bedrock failed (${type ?? status ?? 'unknown error'}).`,
    status,
  );
}

function codeFor(name: string, message: string, status: number | undefined): ProviderErrorCode {
  // A model can refuse an over-long prompt from inside the stream too (modelStreamErrorException).
  if (INPUT_TOO_LONG.test(message) && (REQUEST.has(name) || name === 'modelstreamerrorexception' || status === 400))
    return 'INPUT_LENGTH';
  if (AUTH.has(name)) return 'invalid_api_key';
  if (name === 'servicequotaexceededexception') return 'insufficient_quota';
  if (name === 'throttlingexception') return 'rate_limit';
  if (REQUEST.has(name)) return 'invalid_request_error';
  if (name !== '') return 'provider_error';
  if (status === 401 || status === 403) return 'invalid_api_key';
  if (status === 429) return 'rate_limit';
  if (status !== undefined && status >= 400 && status < 500) return 'invalid_request_error';
  return 'provider_error';
}

/** The error of a non-2xx ConverseStream response. */
export async function bedrockHttpError(response: Response): Promise<ProviderError> {
  const { text, json } = await readErrorBody(response);
  const body = isRecord(json) ? json : {};
  const message = firstString(body.message, body.Message) ?? text.trim().slice(0, 500);
  const type = response.headers.get('x-amzn-errortype') ?? firstString(body.__type) ?? undefined;
  return bedrockError(type, message, response.status);
}

/** The message of an exception frame's JSON payload (or the payload text when it is not JSON). */
export function exceptionMessage(payload: string): string {
  try {
    const body: unknown = JSON.parse(payload);
    if (isRecord(body)) return firstString(body.message, body.Message) ?? payload;
  } catch {
    // Not JSON: the text itself is the best description there is.
  }
  return payload;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value !== '');
}
