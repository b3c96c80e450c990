/**
 * Streams a chat completion from an OpenAI-compatible API (OpenAI, Azure OpenAI, custom
 * endpoints) as ProviderEvents. Failures before the stream become a mapped ProviderError;
 * failures during it are thrown after everything that arrived has been yielded, so the engine
 * can save the partial reply.
 */
import { readSse } from '../sse';
import { ProviderError, type ChatRequest, type FetchLike, type ProviderEvent } from '../types';
import { eventsOfPayload } from './chunks';
import { errorFromPayload, errorFromResponse, isRecord, parseJson, readTextCapped } from './errors';
import { buildChatBody } from './request-body';
import { ToolCallAccumulator } from './tool-calls';

/** Where and how to call; built by the resolvers in targets.ts and azure.ts. */
export interface OpenAITarget {
  /** Up to, not including, `/chat/completions` (e.g. https://api.openai.com/v1). */
  baseURL: string;
  apiKey: string;
  /** Extra headers, already resolved (operator `${VAR}` references expanded). */
  headers?: Record<string, string>;
  addParams?: Record<string, unknown>;
  dropParams?: string[];
  /** Azure: the key goes in `api-key`, and `api-version` in the query when given. */
  azure?: { apiVersion?: string };
}

/** A non-streamed answer (a server that ignores `stream: true`) is read up to this size. */
const MAX_JSON_ANSWER_BYTES = 16 * 1024 * 1024;

export async function* streamOpenAIChat(
  target: OpenAITarget,
  request: ChatRequest,
  fetchFn: FetchLike = fetch,
): AsyncGenerator<ProviderEvent, void, undefined> {
  const { signal } = request;
  const init: RequestInit = {
    method: 'POST',
    headers: requestHeaders(target),
    body: JSON.stringify(buildChatBody(request, target)),
    // Never follow a redirect: it could lead a checked user URL to a private address.
    redirect: 'manual',
    ...(signal ? { signal } : {}),
  };
  let response: Response;
  try {
    response = await fetchFn(chatCompletionsUrl(target), init);
  } catch (error) {
    signal?.throwIfAborted();
    throw new ProviderError('network_error', `Could not reach the provider: ${describe(error)}`, undefined, {
      cause: error,
    });
  }
  if (!response.ok) throw await errorFromResponse(response);

  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream')) {
    yield* eventsOfJsonAnswer(response);
    return;
  }
  if (!response.body) throw new ProviderError('network_error', 'The provider sent an empty stream.', response.status);

  let finished = false;
  const calls = new ToolCallAccumulator();
  for await (const event of readSse(response.body, signal)) {
    const data = event.data.trim();
    // Empty data frames are keep-alives some servers send; nothing to parse.
    if (data === '') continue;
    if (data === '[DONE]') return;
    const payload = parseJson(data);
    if (event.event === 'error') throw errorFromPayload(payload ?? data);
    // A frame that is not a JSON object means the stream is corrupt (a broken proxy, a
    // truncated write). Skipping it could silently drop part of the reply and present the rest
    // as complete, so the stream fails here and the engine saves what came before as unfinished.
    if (!isRecord(payload))
      throw new ProviderError('provider_error', `The provider sent a malformed stream frame: ${preview(data)}`);
    for (const providerEvent of eventsOfPayload(payload, calls)) {
      if (providerEvent.type === 'finish') finished = true;
      yield providerEvent;
    }
  }
  // Ended cleanly but without [DONE]: complete only if the model said it finished.
  if (!finished) throw new ProviderError('network_error', 'The stream ended before the reply was complete.');
}

export function chatCompletionsUrl(target: OpenAITarget): string {
  const url = new URL(target.baseURL);
  // A base URL that already names the operation (some reverse proxies are configured so) is kept.
  if (!/\/chat\/completions\/?$/.test(url.pathname))
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  if (target.azure?.apiVersion) url.searchParams.set('api-version', target.azure.apiVersion);
  return url.toString();
}

/**
 * Auth first, then the operator's headers (they may replace auth, e.g. a gateway's own
 * scheme), then the body's type. A value with CR/LF (a pasted user key) is refused here,
 * before anything is sent.
 */
export function requestHeaders(target: OpenAITarget): Headers {
  const headers = new Headers();
  try {
    if (target.azure) headers.set('api-key', target.apiKey);
    else if (target.apiKey !== '') headers.set('authorization', `Bearer ${target.apiKey}`);
  } catch (error) {
    throw new ProviderError('invalid_api_key', 'The API key contains characters that cannot be sent.', undefined, {
      cause: error,
    });
  }
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    try {
      headers.set(name, value);
    } catch (error) {
      throw new ProviderError('invalid_request_error', `The configured header "${name}" cannot be sent.`, undefined, {
        cause: error,
      });
    }
  }
  headers.set('content-type', 'application/json');
  headers.set('accept', 'text/event-stream');
  return headers;
}

async function* eventsOfJsonAnswer(response: Response): AsyncGenerator<ProviderEvent, void, undefined> {
  const text = await readTextCapped(response, MAX_JSON_ANSWER_BYTES);
  const payload = parseJson(text);
  if (!isRecord(payload))
    throw new ProviderError(
      'provider_error',
      `The provider sent an unreadable answer: ${preview(text)}`,
      response.status,
    );
  const calls = new ToolCallAccumulator();
  const events = eventsOfPayload(payload, calls);
  yield* events;
  if (!events.some((event) => event.type === 'finish')) yield* calls.finish('stop');
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
