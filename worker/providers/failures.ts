/**
 * Failure plumbing every provider module shares: a fetch that reports a dead network as
 * `network_error`, a bounded read of an error body, and the mapping of a stream that dies half
 * way. An abort requested through the signal is never turned into a ProviderError: the caller
 * asked for it and must see the abort reason itself.
 */
import { isRecord, readTextCapped } from './openai/errors';
import { ProviderError, type FetchLike } from './types';

export { isRecord };

/** Error bodies are short; a proxy answering an HTML page is not downloaded in full. */
const MAX_ERROR_BODY_BYTES = 16 * 1024;

/**
 * Calls the provider. Redirects are never followed (as for the OpenAI family): an API answers
 * with data or an error, and a redirect could carry the key's request to another host.
 */
export async function fetchOrFail(
  fetchFn: FetchLike,
  input: string,
  init: RequestInit & { signal?: AbortSignal | undefined },
): Promise<Response> {
  try {
    return await fetchFn(input, { ...init, redirect: 'manual' });
  } catch (error) {
    throw duringStream(error, init.signal ?? undefined, 'The provider could not be reached');
  }
}

export interface ErrorBody {
  text: string;
  /** The parsed body when it was JSON, else undefined. */
  json: unknown;
}

export async function readErrorBody(response: Response): Promise<ErrorBody> {
  const text = await readTextCapped(response, MAX_ERROR_BODY_BYTES);
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  return { text, json };
}

/**
 * What to throw when reading a stream (or starting a call) fails: the abort reason when the
 * caller aborted, a ProviderError unchanged, anything else as a `network_error`.
 */
export function duringStream(
  error: unknown,
  signal: AbortSignal | undefined,
  context = 'The connection to the provider was lost mid-stream',
): unknown {
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof ProviderError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderError('network_error', `${context}: ${detail}`, undefined, { cause: error });
}

/** A non-negative integer field of a usage object, else 0 (providers omit zero counts). */
export function count(record: Record<string, unknown>, key: string): number {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}
