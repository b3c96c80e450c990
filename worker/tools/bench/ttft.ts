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
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startMockOpenAI } from '../mock/mock-openai-server';
import { mockEndpointConfigYaml } from '../lib/mock-config';
import { findFreePort } from '../lib/net';
import { ensureDevVars } from '../lib/secrets';
import { startApp } from '../start';
import { startInProcessApp } from './in-process-app';

export type TtftHost = 'in-process' | 'wrangler-dev';

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

const ENDPOINT_NAME = 'Bench (mock)';
const API_KEY = 'bench-key';
const MODEL = 'mock-fast';
const NO_PARENT = '00000000-0000-0000-0000-000000000000';
/** About 300 tokens of reply, 4 characters per chunk. */
const REPLY = 'The quick brown fox jumps over the lazy dog. '.repeat(27);
/**
 * The limiters stay on, as in a default deployment (their D1 batch is part of every send), but
 * with maxima the bench never reaches.
 */
const UNLIMITED: Record<string, string> = {
  LIMIT_MESSAGE_IP: 'true',
  LIMIT_MESSAGE_USER: 'true',
  LIMIT_CONCURRENT_MESSAGES: 'true',
  CONCURRENT_MESSAGE_MAX: '1000',
  MESSAGE_IP_MAX: '100000',
  MESSAGE_USER_MAX: '100000',
  LOGIN_MAX: '100000',
  REGISTER_MAX: '100000',
  ALLOW_REGISTRATION: 'true',
};

/** What Cloudflare's edge adds to every request (see in-process-app.ts). */
const EDGE_HEADERS = { 'cf-connecting-ip': '127.0.0.1' };

/**
 * A pause before each send. Locally every isolate, Durable Object and D1 database runs in one
 * workerd process, so the previous run's last storage writes (its SQLite rows deleted, the
 * alarm cleared) stall the next request's arrival by tens of milliseconds — a cost of the
 * single-process simulation, not of a send: no user sends again within milliseconds of a
 * reply's end, and in production those writes happen on the conversation's own machine.
 */
const SETTLE_MS = 300;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** What a stream read to its end gave: the ms to the first frame wanted, and the last frame. */
interface StreamReading {
  firstMs: number;
  lastData: string;
}

/**
 * Reads an SSE body to its end; resolves with the ms from `started` to the first frame that
 * satisfies `isFirst`, and the last frame's data. Reading to the end keeps runs from
 * overlapping (a run in the DO goes on when its client leaves). Frames end with a blank line;
 * only `data:` lines are looked at.
 */
async function readStream(
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

function hasContent(data: string): boolean {
  if (data === '[DONE]') return false;
  const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
  return (chunk.choices?.[0]?.delta?.content ?? '') !== '';
}

/** Where the next reply goes: under the reply that `final` saved, in its conversation. */
function threadAfter(finalData: string): { conversationId: string; parentMessageId: string } {
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

function isMessageDelta(data: string): boolean {
  return data.startsWith('{"event":"on_message_delta"');
}

export async function measureTtft(
  options: { host?: TtftHost; runs?: number; warmUp?: number } = {},
): Promise<TtftFigure> {
  const host = options.host ?? 'in-process';
  const runs = options.runs ?? 30;
  const warmUp = options.warmUp ?? 5;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-ttft-'));
  const mock = await startMockOpenAI({ apiKey: API_KEY, text: REPLY });
  try {
    const envFile = path.join(dir, '.dev.vars');
    await ensureDevVars(envFile, UNLIMITED);
    const configFile = path.join(dir, 'librechat.yaml');
    await writeFile(
      configFile,
      mockEndpointConfigYaml(
        {
          name: ENDPOINT_NAME,
          modelDisplayLabel: 'Mock',
          apiKey: API_KEY,
          baseURL: mock.baseURL,
          models: [MODEL],
          fetchModels: false,
          titleConvo: false,
        },
        'Written by `npm run bench` (time to first token).',
      ),
    );
    const state = {
      persistTo: path.join(dir, 'state'),
      envFile,
      configFile,
      stdio: 'pipe',
      onInvalidConfig: 'fail',
    } as const;
    const app =
      host === 'in-process'
        ? await startInProcessApp({ ...state, bundleDir: path.join(dir, 'bundle') })
        : await startApp({ ...state, port: await findFreePort(), build: false });
    try {
      const token = await register(app.url);
      const direct = async (): Promise<number> => {
        const started = performance.now();
        const response = await fetch(`${mock.baseURL}/chat/completions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${API_KEY}`,
            'content-type': 'application/json',
            accept: 'text/event-stream',
          },
          body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
        });
        return (await readStream(response, started, hasContent)).firstMs;
      };
      // Where every reply goes: under the first reply of the first conversation (see above).
      let thread: { conversationId: string; parentMessageId: string } | null = null;
      const viaApp = async (mode: 'new' | 'reply'): Promise<number> => {
        const body = JSON.stringify({
          text: 'Hello',
          sender: 'User',
          isCreatedByUser: true,
          clientTimestamp: new Date().toISOString().slice(0, 19),
          parentMessageId: mode === 'reply' && thread ? thread.parentMessageId : NO_PARENT,
          conversationId: mode === 'reply' && thread ? thread.conversationId : null,
          messageId: crypto.randomUUID(),
          endpoint: ENDPOINT_NAME,
          endpointType: 'custom',
          model: MODEL,
        });
        const started = performance.now();
        const response = await fetch(`${app.url}/api/ask/custom`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...EDGE_HEADERS,
          },
          body,
        });
        const { firstMs, lastData } = await readStream(response, started, isMessageDelta);
        thread ??= threadAfter(lastData);
        return firstMs;
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
    } finally {
      await app.stop();
    }
  } finally {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function register(origin: string): Promise<string> {
  const password = `bench-${crypto.randomUUID()}`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EDGE_HEADERS },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password,
      confirm_password: password,
    }),
  });
  const answer = (await response.json().catch(() => null)) as { token?: string } | null;
  if (!response.ok || typeof answer?.token !== 'string') {
    throw new Error(`Registering the bench user failed: HTTP ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.token;
}
