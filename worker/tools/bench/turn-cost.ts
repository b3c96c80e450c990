/**
 * What one turn costs, measured on the deploy bundle in this process with
 * LOG_RESOURCE_USAGE on (worker/logging/resource-meter.ts): the app logs what each request and
 * each run used, and this adds it up per turn, for three kinds of turn — a new conversation,
 * a follow-up in it, and a follow-up whose reply is 1,000 tokens. Each turn is what the chat
 * screen sends: the message (`POST /api/ask/custom`) and, for a new conversation, the title
 * request (`POST /api/convos/gen_title`). The endpoint titles new conversations, as OpenAI's
 * does by default.
 *
 * CPU is read from /proc for the whole workerd process (workerd-cpu.ts), over many turns, less
 * what the process uses idle over the same time: it covers the Worker and the Durable Object,
 * and also Miniflare's local stand-ins for D1 and the assets router, which production runs
 * elsewhere. So it is an upper bound on the billed CPU.
 *
 * For the long reply it also measures the runtime's floor (stream-floor.ts): the same stream
 * read by a bare object, so the figure splits into what workerd costs for every reader of that
 * stream and what the app adds.
 */
import { performance } from 'node:perf_hooks';
import { EDGE_HEADERS, ask, register, type AskTarget, type Thread } from './chat-client';
import { withChatBenchApp } from './chat-bench-app';
import { BENCH_API_KEY, BENCH_ENDPOINT } from './bench-app';
import { median } from './stats';
import { startStreamFloor, type StreamFloor } from './stream-floor';
import { workerdCpuMs } from './workerd-cpu';
import { emptyUsage, type ResourceUsage } from '../../logging/resource-usage';

export type TurnKind = 'new conversation' | 'follow-up' | '1,000-token reply' | typeof LONG_CONVERSATION_KIND;

/**
 * A follow-up in a conversation of 200 messages: the branch a send reads grows with the
 * conversation, the rest of a turn does not.
 */
const LONG_CONVERSATION_KIND = 'follow-up, 200 messages in';
const LONG_CONVERSATION_MESSAGES = 200;

export interface TurnCost {
  kind: TurnKind;
  turns: number;
  workerRequests: number;
  /** Per turn, the sum over its requests and its run. */
  usage: ResourceUsage;
  /** Median wall time of the run in its Durable Object, arrival to last write (ms). */
  doDurationMs: number;
  /** workerd CPU per turn, idle use subtracted (ms). */
  cpuMs: number;
  /** The long reply only: the same stream read by a bare object (stream-floor.ts). */
  floor?: { cpuMs: number; reads: number };
}

/** A short answer: about 50 tokens, in chunks of 4 characters. */
const SHORT_REPLY =
  'A short answer of about fifty tokens, streamed as a model would stream it, a few characters at a time, '.repeat(2);
/** 1,000 tokens, one per chunk as providers send them. */
const LONG_REPLY = 'word '.repeat(1_000);
const LONG_REPLY_DIRECTIVES = `[mock:chunks=1000][mock:text=${LONG_REPLY}]`;
/** A paced stream: providers send tokens tens of ms apart; a burst would hide the per-chunk cost. */
const CHUNK_DELAY_MS = 2;
const TURNS: Record<TurnKind, number> = {
  'new conversation': 20,
  'follow-up': 20,
  '1,000-token reply': 6,
  [LONG_CONVERSATION_KIND]: 10,
};
/** How long the run's own line may take to appear after the stream ended. */
const RUN_LINE_TIMEOUT_MS = 10_000;
const IDLE_SAMPLE_MS = 3_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UsageLine extends ResourceUsage {
  scope: 'request' | 'run';
  requestId?: string;
  durationMs?: number;
}

function add(into: ResourceUsage, line: ResourceUsage): void {
  for (const key of Object.keys(into) as (keyof ResourceUsage)[]) into[key] += line[key];
}

function perTurn(total: ResourceUsage, turns: number): ResourceUsage {
  const each = emptyUsage();
  for (const key of Object.keys(each) as (keyof ResourceUsage)[]) each[key] = total[key] / turns;
  return each;
}

async function requestTitle(target: AskTarget, conversationId: string): Promise<void> {
  const response = await fetch(`${target.origin}/api/convos/gen_title`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json', ...EDGE_HEADERS },
    body: JSON.stringify({ conversationId }),
  });
  if (!response.ok) throw new Error(`gen_title answered ${response.status}`);
}

export async function measureTurnCost(): Promise<TurnCost[]> {
  const lines: UsageLine[] = [];
  const onOutputLine = (text: string) => {
    if (!text.includes('"resource_usage"')) return;
    lines.push(JSON.parse(text.slice(text.indexOf('{'))) as UsageLine);
  };
  return withChatBenchApp(
    {
      host: 'in-process',
      mock: { delayMs: CHUNK_DELAY_MS },
      // Replication on, so the figures show what the primary does and what replicas could take.
      vars: { LOG_RESOURCE_USAGE: 'true', D1_READ_REPLICATION: 'true' },
      titleConvo: true,
      onOutputLine,
    },
    async (app) => {
      const target = app.target(await register(app.url));
      const runLines = () => lines.filter((line) => line.scope === 'run').length;
      /** Messages in the conversation the last turn was in. */
      let messagesIn = 0;
      /** One turn as the chat screen sends it; resolves once its run has logged its usage. */
      const turn = async (kind: TurnKind, thread: Thread | null): Promise<Thread> => {
        const runsBefore = runLines();
        // A directive rather than the mock's `text` option, so the title request still gets a title.
        const directives = kind === '1,000-token reply' ? LONG_REPLY_DIRECTIVES : `[mock:text=${SHORT_REPLY}]`;
        const sent = await ask(target, `${directives}Tell me something`, kind === 'new conversation' ? null : thread);
        if (kind === 'new conversation') await requestTitle(target, sent.next.conversationId);
        messagesIn = kind === 'new conversation' ? 2 : messagesIn + 2;
        const deadline = performance.now() + RUN_LINE_TIMEOUT_MS;
        while (runLines() === runsBefore) {
          if (performance.now() > deadline) throw new Error('The run logged no resource_usage line.');
          await pause(5);
        }
        return sent.next;
      };
      // Warm-up: the isolate, the databases and the first Durable Object start.
      let thread = await turn('new conversation', null);
      thread = await turn('follow-up', thread);

      const floor = await startStreamFloor();
      try {
        // Started before the idle sample, so its process's idle use is subtracted too.
        const idleBefore = await workerdCpuMs();
        await pause(IDLE_SAMPLE_MS);
        const idleCpuPerMs = ((await workerdCpuMs()) - idleBefore) / IDLE_SAMPLE_MS;
        /** workerd CPU per repetition of `work`, idle use subtracted. */
        const cpuPer = async (repetitions: number, work: () => Promise<void>): Promise<number> => {
          const cpuBefore = await workerdCpuMs();
          const started = performance.now();
          for (let i = 0; i < repetitions; i += 1) await work();
          const cpu = (await workerdCpuMs()) - cpuBefore - idleCpuPerMs * (performance.now() - started);
          return Math.max(0, cpu) / repetitions;
        };

        const costs: TurnCost[] = [];
        for (const kind of Object.keys(TURNS) as TurnKind[]) {
          const turns = TURNS[kind];
          if (kind === LONG_CONVERSATION_KIND)
            while (messagesIn < LONG_CONVERSATION_MESSAGES) thread = await turn('follow-up', thread);
          lines.length = 0;
          const cpuMs = await cpuPer(turns, async () => {
            thread = await turn(kind, thread);
          });
          const total = emptyUsage();
          for (const line of lines) add(total, line);
          costs.push({
            kind,
            turns,
            workerRequests: lines.filter((line) => line.scope === 'request').length / turns,
            usage: perTurn(total, turns),
            doDurationMs: median(lines.filter((line) => line.scope === 'run').map((line) => line.durationMs ?? 0)),
            cpuMs,
            ...(kind === '1,000-token reply'
              ? { floor: await measureFloor(floor, app.mock.baseURL, turns, cpuPer) }
              : {}),
          });
        }
        return costs;
      } finally {
        await floor.stop();
      }
    },
  );
}

/** The long reply's stream, read `turns` times by the bare object: its CPU and reads per stream. */
async function measureFloor(
  floor: StreamFloor,
  mockBaseURL: string,
  turns: number,
  cpuPer: (repetitions: number, work: () => Promise<void>) => Promise<number>,
): Promise<{ cpuMs: number; reads: number }> {
  let reads = 0;
  const cpuMs = await cpuPer(turns, async () => {
    reads = await floor.read(`${mockBaseURL}/chat/completions`, {
      headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: BENCH_ENDPOINT.model,
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: `${LONG_REPLY_DIRECTIVES}Tell me something` }],
      }),
    });
  });
  return { cpuMs, reads };
}
