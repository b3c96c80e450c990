/**
 * Mock services for agent-tool tests are web-standard handlers (Request → Response), so the same
 * handler can sit behind a fake fetch in workerd or a Node loopback server. `handlerFetch` turns
 * handlers into the `fetch` a tool is given: it routes by origin, records every request, and
 * honours the caller's AbortSignal the way fetch does (a handler that never answers still
 * rejects when the signal fires).
 */
import type { FetchLike } from '../../providers/types';

export type Handler = (request: Request) => Response | Promise<Response>;

export interface HandlerFetch {
  fetch: FetchLike;
  /** Every request, oldest first, as `METHOD url`. */
  requests: string[];
  /** The requests themselves (headers and bodies readable with `clone()`d copies). */
  seen: Request[];
}

/** `handlers` by origin (`https://api.example.com`); a request to any other origin fails like a network error. */
export function handlerFetch(handlers: Record<string, Handler>): HandlerFetch {
  const requests: string[] = [];
  const seen: Request[] = [];
  const fetch: FetchLike = async (input, init) => {
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const request = new Request(input, init);
    requests.push(`${request.method} ${request.url}`);
    seen.push(request.clone());
    const handler = handlers[new URL(request.url).origin];
    if (!handler) throw new TypeError(`Network connection lost (no mock for ${request.url})`);
    const answer = Promise.resolve(handler(request));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
  return { fetch, requests, seen };
}
