/**
 * Maps Gemini API failures (`{"error":{"code","message","status","details"}}`, HTTP or inside
 * the stream) and safety blocks to the error catalogue.
 */
import { isRecord, readErrorBody } from '../failures';
import { ProviderError, type ProviderErrorCode } from '../types';

const INPUT_TOO_LONG =
  /exceeds the maximum number of tokens|input token count .*exceeds|input is too long|too many tokens|context length/i;
const BAD_KEY = /api key (?:not valid|expired|invalid)|API_KEY_INVALID/i;

interface GoogleErrorDocument {
  code?: number;
  message: string;
  status?: string;
  /** `reason` of the google.rpc.ErrorInfo detail, e.g. API_KEY_INVALID. */
  reason?: string;
  /** quotaId of each google.rpc.QuotaFailure violation. */
  quotaIds: string[];
}

/** Reads the error document; Google wraps it in an array when `alt=sse` is missing. */
export function readGoogleError(document: unknown): GoogleErrorDocument | undefined {
  const root = Array.isArray(document) ? (document[0] as unknown) : document;
  const error = isRecord(root) && isRecord(root.error) ? root.error : undefined;
  if (!error) return undefined;
  const details = Array.isArray(error.details) ? error.details.filter(isRecord) : [];
  const reason = details.map((detail) => detail.reason).find((value): value is string => typeof value === 'string');
  const quotaIds = details
    .flatMap((detail) => (Array.isArray(detail.violations) ? detail.violations.filter(isRecord) : []))
    .map((violation) => violation.quotaId)
    .filter((id): id is string => typeof id === 'string');
  return {
    ...(typeof error.code === 'number' ? { code: error.code } : {}),
    message: typeof error.message === 'string' ? error.message : '',
    ...(typeof error.status === 'string' ? { status: error.status } : {}),
    ...(reason === undefined ? {} : { reason }),
    quotaIds,
  };
}

export function googleError(error: GoogleErrorDocument, httpStatus?: number): ProviderError {
  const status = httpStatus ?? error.code;
  const message = error.message || `Google failed (${error.status ?? status ?? 'unknown error'}).`;
  return new ProviderError(codeFor(error, message, status), message, status);
}

function codeFor(error: GoogleErrorDocument, message: string, status: number | undefined): ProviderErrorCode {
  if (error.reason === 'API_KEY_INVALID' || BAD_KEY.test(message)) return 'invalid_api_key';
  if (status === 401 || status === 403 || error.status === 'UNAUTHENTICATED' || error.status === 'PERMISSION_DENIED')
    return 'invalid_api_key';
  if (status === 429 || error.status === 'RESOURCE_EXHAUSTED') {
    // Google says "quota" for per-minute limits too; those pass with time, so they are rate limits.
    const perMinuteOnly = error.quotaIds.length > 0 && error.quotaIds.every((id) => /PerMinute/i.test(id));
    return /quota/i.test(message) && !perMinuteOnly ? 'insufficient_quota' : 'rate_limit';
  }
  if (INPUT_TOO_LONG.test(message)) return 'INPUT_LENGTH';
  if (status !== undefined && status >= 400 && status < 500) return 'invalid_request_error';
  if (error.status === 'INVALID_ARGUMENT' || error.status === 'FAILED_PRECONDITION' || error.status === 'NOT_FOUND')
    return 'invalid_request_error';
  return 'provider_error';
}

/** The error of a non-2xx streamGenerateContent response. */
export async function googleHttpError(response: Response): Promise<ProviderError> {
  const { text, json } = await readErrorBody(response);
  const document = readGoogleError(json) ?? { message: text.trim().slice(0, 500), quotaIds: [] };
  return googleError(document, response.status);
}

export interface SafetyRating {
  category: string;
  probability?: string;
  blocked?: boolean;
}

export function readSafetyRatings(value: unknown): SafetyRating[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((rating) =>
    typeof rating.category === 'string'
      ? [
          {
            category: rating.category,
            ...(typeof rating.probability === 'string' ? { probability: rating.probability } : {}),
            ...(rating.blocked === true ? { blocked: true } : {}),
          },
        ]
      : [],
  );
}

/**
 * A `google_error` that says what was blocked, why, and for which categories: those marked
 * `blocked`, else those rated MEDIUM or HIGH (the ones that can trip the default thresholds).
 */
export function safetyBlock(what: 'prompt' | 'reply', reason: string, ratings: SafetyRating[]): ProviderError {
  const flagged = ratings.some((rating) => rating.blocked)
    ? ratings.filter((rating) => rating.blocked)
    : ratings.filter((rating) => rating.probability === 'HIGH' || rating.probability === 'MEDIUM');
  const categories = flagged.map((rating) =>
    rating.probability ? `${rating.category} (${rating.probability})` : rating.category,
  );
  const detail = categories.length > 0 ? `; categories: ${categories.join(', ')}` : '';
  return new ProviderError('google_error', `Google blocked the ${what} (reason: ${reason})${detail}.`);
}
