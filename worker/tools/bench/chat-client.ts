/**
 * What the latency benches do as a client of the app: register, send `POST /api/ask/custom`
 * and read the SSE answer to its end, timing the first frame wanted. Plain fetch from Node,
 * like any API client.
 */
import { performance } from 'node:perf_hooks';

/** What Cloudflare's edge adds to every request (see in-process-app.ts). */
export const EDGE_HEADERS = { 'cf-connecting-ip': '127.0.0.1' };

/** The parent of a conversation's first message. */
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** What a stream read to its end gave: the ms to the first frame wanted, and the last frame. */
export interface StreamReading {
  firstMs: number;
  lastData: string;
}

/** Where a reply goes: a conversation, and the message it answers. */
export interface Thread {
  conversationId: string;
  parentMessageId: string;
}

/**
 * Reads an SSE body to its end; resolves with the ms from `started` to the first frame that
 * satisfies `isFirst`, and the last frame's data. Reading to the end keeps runs from
 * overlapping (a run in the DO goes on when its client leaves). Frames end with a blank line;
 * only `data:` lines are looked at.
 */
export async function readStream(
  response: Response,
  started: number,
  isFirst: (data: string) => boolean,
): Promise<StreamReading> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let first: number | undefined;
  let lastData = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      if (first === undefined) throw new Error('The stream ended before its first token.');
      return { firstMs: first, lastData };
    }
    pending += decoder.decode(value, { stream: true });
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const frame = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data !== '') {
        lastData = data;
        if (first === undefined && isFirst(data)) first = performance.now() - started;
      }
      end = pending.indexOf('\n\n');
    }
  }
}

export function isMessageDelta(data: string): boolean {
  return data.startsWith('{"event":"on_message_delta"');
}

/** Where the next reply goes: under the reply that `final` saved, in its conversation. */
export function threadAfter(finalData: string): Thread {
  const final = JSON.parse(finalData) as {
    final?: boolean;
    conversation?: { conversationId?: string };
    responseMessage?: { messageId?: string };
  };
  const conversationId = final.conversation?.conversationId;
  const parentMessageId = final.responseMessage?.messageId;
  if (!final.final || !conversationId || !parentMessageId)
    throw new Error(`The run did not end with final: ${finalData.slice(0, 200)}`);
  return { conversationId, parentMessageId };
}

export interface AskTarget {
  origin: string;
  token: string;
  endpoint: string;
  model: string;
}

/**
 * Sends `text` to the custom endpoint, as a new conversation (no thread) or a reply in
 * `thread`, and reads the stream to its end: the ms to the first `on_message_delta` frame,
 * and the thread of the saved reply.
 */
export async function ask(
  target: AskTarget,
  text: string,
  thread: Thread | null,
): Promise<{ firstMs: number; wholeMs: number; next: Thread }> {
  const body = JSON.stringify({
    text,
    sender: 'User',
    isCreatedByUser: true,
    clientTimestamp: new Date().toISOString().slice(0, 19),
    parentMessageId: thread?.parentMessageId ?? NO_PARENT,
    conversationId: thread?.conversationId ?? null,
    messageId: crypto.randomUUID(),
    endpoint: target.endpoint,
    endpointType: 'custom',
    model: target.model,
  });
  const started = performance.now();
  const response = await fetch(`${target.origin}/api/ask/custom`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...EDGE_HEADERS,
    },
    body,
  });
  const { firstMs, lastData } = await readStream(response, started, isMessageDelta);
  return { firstMs, wholeMs: performance.now() - started, next: threadAfter(lastData) };
}

/** Registers a new account; resolves with its access token. */
export async function register(origin: string, email = `bench-${crypto.randomUUID()}@example.com`): Promise<string> {
  const password = `bench-${crypto.randomUUID()}`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EDGE_HEADERS },
    body: JSON.stringify({ name: 'Bench', email, password, confirm_password: password }),
  });
  const answer = (await response.json().catch(() => null)) as { token?: string } | null;
  if (!response.ok || typeof answer?.token !== 'string') {
    throw new Error(`Registering the bench user failed: HTTP ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.token;
}
