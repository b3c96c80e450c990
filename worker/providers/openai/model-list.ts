/**
 * A provider's own model list: `GET {baseURL}/models` on an OpenAI-compatible API. Which
 * endpoints ask, with which key, and how long a list is kept is decided above the providers
 * (services/models.ts).
 */
import type { FetchLike } from '../types';
import { isRecord, readTextCapped } from './errors';

const FETCH_TIMEOUT_MS = 5_000;
const MAX_LIST_BYTES = 1024 * 1024;
const MAX_MODELS = 1000;
const MAX_ID_CHARS = 256;

/** `GET {baseURL}/models` in OpenAI's list shape (`{data: [{id}]}`); a bare array is accepted too. */
export async function fetchModelIds(baseURL: string, headers: Headers, fetchFn: FetchLike): Promise<string[]> {
  headers.delete('content-type');
  headers.set('accept', 'application/json');
  const url = new URL(baseURL);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/models`;
  const response = await fetchFn(url.toString(), {
    method: 'GET',
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`The model list answered HTTP ${response.status}`);
  }
  const payload: unknown = JSON.parse(await readTextCapped(response, MAX_LIST_BYTES));
  const entries: unknown[] = Array.isArray(payload)
    ? payload
    : isRecord(payload) && Array.isArray(payload.data)
      ? payload.data
      : [];
  const ids = entries
    .map((entry) => (isRecord(entry) ? entry.id : entry))
    .filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= MAX_ID_CHARS);
  return [...new Set(ids)].slice(0, MAX_MODELS);
}
