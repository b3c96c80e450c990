/**
 * Time to first token added by the app: the same Node process times, N times after a warm-up,
 *   (a) POST {mock}/v1/chat/completions (stream) → the first chunk carrying content, and
 *   (b) POST {app}/api/ask/custom → the first `on_message_delta` frame, for a new conversation
 *       and for a reply in an existing one (its branch read first, its object warm),
 * with the app calling the same local mock (no artificial delay) through a custom endpoint. The
 * difference of the medians is what the Worker + ConversationDO add.
 *
 * Every reply answers the same message, the first reply of one conversation (the replies are
 * siblings), so its prompt stays as short as the direct call's: a growing thread would time the
 * provider reading a longer prompt, which no app can avoid. The conversation itself grows by
 * a message per reply; the send reads only the branch (services/chat/history.ts).
 *
 * The app runs either in this process (`in-process`: the deploy bundle on wrangler's Miniflare,
 * see in-process-app.ts) or under `wrangler dev`, whose development proxy adds a hop of its own.
 */
import { performance } from 'node:perf_hooks';
import { ask, readStream, register, type Thread } from './chat-client';
import { BENCH_API_KEY, BENCH_ENDPOINT } from './bench-app';
import { withChatBenchApp, type BenchHost } from './chat-bench-app';
import { median } from './stats';

export type TtftHost = BenchHost;

export interface TtftFigure {
  host: TtftHost;
  runs: number;
  /** Median ms from the request to the first content chunk, straight from the mock. */
  directMs: number;
  /** Median ms from POST /api/ask/custom to the first on_message_delta frame: a new conversation each time. */
  appMs: number;
  /** The same for a reply in an existing conversation (its history read, its object warm). */
  appReplyMs: number;
}

/** About 300 tokens of reply, 4 characters per chunk. */
const REPLY = 'The quick brown fox jumps over the lazy dog. '.repeat(27);

/**
 * Under `wrangler dev` a send right after a reply's end still waits for that run's last work to
 * pass through the development proxy (about 10 ms more at the median, measured without the
 * pause), so that host pauses before each send: no user sends again within milliseconds of a
 * reply's end. In this process no pause is needed: a run's end no longer touches the next
 * send's path (its frames are swept later by the object's alarm), and back-to-back sends
 * measure as fast as paused ones.
 */
const WRANGLER_DEV_SETTLE_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hasContent(data: string): boolean {
  if (data === '[DONE]') return false;
  const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
  return (chunk.choices?.[0]?.delta?.content ?? '') !== '';
}

export async function measureTtft(
  options: { host?: TtftHost; runs?: number; warmUp?: number } = {},
): Promise<TtftFigure> {
  const host = options.host ?? 'in-process';
  const runs = options.runs ?? 30;
  const warmUp = options.warmUp ?? 5;
  const settle = () => (host === 'wrangler-dev' ? pause(WRANGLER_DEV_SETTLE_MS) : Promise.resolve());
  return withChatBenchApp({ host, mock: { text: REPLY } }, async (app) => {
    const target = app.target(await register(app.url));
    const direct = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${app.mock.baseURL}/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${BENCH_API_KEY}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({
          model: BENCH_ENDPOINT.model,
          stream: true,
          messages: [{ role: 'user', content: 'Hello' }],
        }),
      });
      return (await readStream(response, started, hasContent)).firstMs;
    };
    // Where every reply goes: under the first reply of the first conversation (see above).
    let thread: Thread | null = null;
    const viaApp = async (mode: 'new' | 'reply'): Promise<number> => {
      const sent = await ask(target, 'Hello', mode === 'reply' ? thread : null);
      thread ??= sent.next;
      return sent.firstMs;
    };
    for (let i = 0; i < warmUp; i += 1) {
      await direct();
      await settle();
      await viaApp('new');
      await settle();
      await viaApp('reply');
    }
    const directTimes: number[] = [];
    const newTimes: number[] = [];
    const replyTimes: number[] = [];
    // Interleaved, so a slow moment of the machine weighs on every series alike.
    for (let i = 0; i < runs; i += 1) {
      directTimes.push(await direct());
      await settle();
      newTimes.push(await viaApp('new'));
      await settle();
      replyTimes.push(await viaApp('reply'));
    }
    return { host, runs, directMs: median(directTimes), appMs: median(newTimes), appReplyMs: median(replyTimes) };
  });
}
