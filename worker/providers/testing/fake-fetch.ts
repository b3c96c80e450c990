/**
 * A FetchLike for provider tests: it records what the provider sent (URL, method, headers,
 * parsed body, redirect mode) and answers with fixture responses, so a test checks the wire
 * request and replays the wire reply without any network.
 */
import type { FetchLike } from '../types';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  /** The body parsed as JSON, or the raw text when it is not JSON; undefined without a body. */
  body: unknown;
  redirect: RequestInit['redirect'];
  signal: AbortSignal | undefined;
}

export type FakeAnswer = Response | ((call: RecordedCall) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: FetchLike;
  /** Every call, oldest first. */
  calls: RecordedCall[];
  /** The only call; fails the test when there were none or several. */
  only(): RecordedCall;
}

/**
 * Answers are used in order, the last one repeating (so a function answers every call).
 * Throwing from an answer makes the fetch reject, like a network failure. An already aborted
 * signal rejects with its reason, as fetch does.
 */
export function fakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    init?.signal?.throwIfAborted();
    const request = new Request(input, init);
    const text = init?.body === undefined || init.body === null ? undefined : await request.text();
    const call: RecordedCall = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: text === undefined ? undefined : parseJson(text),
      redirect: init?.redirect,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === undefined) throw new Error('fakeFetch was given no answer');
    return typeof answer === 'function' ? answer(call) : answer;
  };
  return {
    fetch,
    calls,
    only() {
      if (calls.length !== 1) throw new Error(`Expected exactly one fetch, got ${calls.length}`);
      const [call] = calls;
      if (!call) throw new Error('unreachable');
      return call;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
