/**
 * OpenAI-family failures mapped to the error codes the client knows. The provider's own
 * message is kept: it is what the user needs ("maximum context length is 128000 tokens…").
 * Sources differ in shape — OpenAI `{error:{message,type,code}}`, Azure `{error:{code:"401",
 * message}}`, proxies `{error:"text"}`, `{message}` or HTML — so all are read leniently.
 */
import { ProviderError, type ProviderErrorCode } from '../types';

interface ErrorInfo {
  message?: string;
  /** `code` and `type`, lower-cased: OpenAI puts the telling value in either. */
  tags: string[];
}

const CONTEXT_TOO_LONG = /context[_ ]length|maximum context|context window|too many tokens|prompt is too long/i;
const MAX_MESSAGE_CHARS = 1000;
/** Enough for any JSON error; a proxy's huge HTML page is not read whole. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The ProviderError for a non-2xx answer received before any stream. */
export async function errorFromResponse(response: Response): Promise<ProviderError> {
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    // Redirects are not followed (fetch is called with redirect: 'manual'): one could lead a
    // user-provided base URL to a private address after the URL check.
    return new ProviderError(
      'provider_error',
      `The provider answered with a redirect (HTTP ${response.status}), which is not followed.`,
      response.status,
    );
  }
  const text = await readTextCapped(response, MAX_ERROR_BODY_BYTES);
  return errorFromPayload(parseJson(text) ?? text, response.status);
}

/**
 * The ProviderError for an error payload: an HTTP error body (with its status) or an `error`
 * object that arrived inside the stream (without one).
 */
export function errorFromPayload(payload: unknown, status?: number): ProviderError {
  const info = errorInfo(payload);
  const fallback =
    status === undefined
      ? 'The provider reported an error during the stream.'
      : `The provider answered HTTP ${status}.`;
  const message = truncate(info.message?.trim() || fallback);
  return new ProviderError(codeFor(status, info), message, status);
}

function codeFor(status: number | undefined, { message = '', tags }: ErrorInfo): ProviderErrorCode {
  if (status === 401 || tags.includes('invalid_api_key')) return 'invalid_api_key';
  if (tags.includes('insufficient_quota')) return 'insufficient_quota';
  if (status === 429 || tags.includes('rate_limit_exceeded')) return 'rate_limit';
  if (tags.includes('context_length_exceeded') || status === 413) return 'INPUT_LENGTH';
  // OpenAI-compatible servers (vLLM, llama.cpp…) send the same 400 without OpenAI's code.
  if ((status === 400 || status === undefined) && CONTEXT_TOO_LONG.test(message)) return 'INPUT_LENGTH';
  if (status !== undefined && status >= 400 && status < 500) return 'invalid_request_error';
  if (status === undefined && tags.includes('invalid_request_error')) return 'invalid_request_error';
  return 'provider_error';
}

function errorInfo(payload: unknown): ErrorInfo {
  if (typeof payload === 'string') return { message: plainText(payload), tags: [] };
  if (Array.isArray(payload)) return errorInfo(payload[0]);
  if (!isRecord(payload)) return { tags: [] };
  const inner = payload.error;
  if (typeof inner === 'string') return { message: inner, tags: [] };
  const source = isRecord(inner) ? inner : payload;
  return {
    message: typeof source.message === 'string' ? source.message : undefined,
    tags: [source.code, source.type]
      .filter((value) => typeof value === 'string' || typeof value === 'number')
      .map((value) => String(value).toLowerCase()),
  };
}

/** An HTML error page from a proxy, reduced to readable text. */
function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as text, at most `limit` bytes of it; the rest is cancelled, not downloaded. */
export async function readTextCapped(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const room = limit - total;
      text += decoder.decode(value.length > room ? value.slice(0, room) : value, { stream: true });
      total += value.length;
      if (total >= limit) {
        await reader.cancel();
        return text + decoder.decode();
      }
    }
  } catch {
    // The connection dropped while reading the error: what arrived is still the best message.
    return text;
  }
}
