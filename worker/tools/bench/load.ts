/**
 * Streamed turns under concurrency: for each level N, N users (each registered beforehand, each
 * with their own token) at once start a new conversation and, once its reply has ended, send
 * a follow-up in it. The mock provider streams every reply in CHUNKS chunks over about a second,
 * like a real model, so the runs overlap as real users' do.
 *
 * Per level: the time to the first token of every send (p50, p95), the whole send (request to
 * its `final` frame, p50), and how many replies were lost or corrupted: a send that did not
 * end in `final`, or a conversation that does not hold exactly its four messages with the
 * mock's reply, whole, in both answers (read back through GET /api/messages/{id}).
 *
 * Every level runs ROUNDS times, the rounds taking turns with the other levels, and its
 * figures pool the sends of all its rounds: one round at 50 users varies by ±50 ms from run to
 * run on a 2-core machine.
 *
 * Runs the deploy bundle in this process (in-process-app.ts), like the TTFT bench.
 */
import { EDGE_HEADERS, ask, register, type AskTarget, type Thread } from './chat-client';
import { withChatBenchApp } from './chat-bench-app';
import { measureRelayFloor, type RelayLevel } from './relay-floor';
import { median, percentile } from './stats';
import { workerdCpuMs } from './workerd-cpu';

export interface LoadLevel {
  concurrent: number;
  rounds: number;
  /** Sends per round. */
  sends: number;
  firstTokenP50: number;
  firstTokenP95: number;
  /** Of new conversations and of follow-ups apart: where a queue forms shows in one of them. */
  firstTokenNewP50: number;
  firstTokenFollowUpP50: number;
  wholeP50: number;
  /** Sends that failed or conversations whose stored messages are wrong (must be 0). */
  lostOrCorrupted: number;
  problems: string[];
  /** workerd's CPU per send (the Worker, the objects and the local stand-ins for D1 and the assets router). */
  cpuMsPerSend: number;
}

export const LOAD_LEVELS = [1, 10, 25, 50] as const;
const ROUNDS = 3;
/** 40 chunks, 25 ms apart: a reply streamed over about a second. */
const CHUNKS = 40;
const CHUNK_DELAY_MS = 25;
const REPLY = 'A streamed reply of forty chunks, about one second long, the same for every user of the bench. ';
/** Between levels: the previous level's end-of-run writes are done before the next starts. */
const PAUSE_BETWEEN_LEVELS_MS = 2_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TurnResult {
  firstNew: number;
  firstFollowUp: number;
  whole: number[];
  thread: Thread;
}

/** One user's two sends, one after the other. */
async function userTurns(target: AskTarget): Promise<TurnResult> {
  const opened = await ask(target, 'Hello there', null);
  const followed = await ask(target, 'And then?', opened.next);
  return {
    firstNew: opened.firstMs,
    firstFollowUp: followed.firstMs,
    whole: [opened.wholeMs, followed.wholeMs],
    thread: followed.next,
  };
}

/** Whether the conversation holds what two sends should have stored; a problem's description if not. */
async function checkStored(target: AskTarget, thread: Thread): Promise<string | null> {
  const response = await fetch(`${target.origin}/api/messages/${thread.conversationId}`, {
    headers: { authorization: `Bearer ${target.token}`, ...EDGE_HEADERS },
  });
  if (!response.ok) return `GET messages answered ${response.status}`;
  const messages = (await response.json()) as { isCreatedByUser: boolean; text: string; unfinished?: boolean }[];
  if (messages.length !== 4) return `${messages.length} messages stored, not 4`;
  const replies = messages.filter((m) => !m.isCreatedByUser);
  if (replies.length !== 2) return `${replies.length} replies stored, not 2`;
  if (replies.some((m) => m.text !== REPLY || m.unfinished)) return 'a stored reply is not the whole reply';
  return null;
}

/** What one round of a level measured. */
interface RoundSamples {
  firstNew: number[];
  firstFollowUp: number[];
  whole: number[];
  problems: string[];
  cpuMs: number;
}

async function runRound(targets: readonly AskTarget[]): Promise<RoundSamples> {
  const cpuBefore = await workerdCpuMs();
  const settled = await Promise.allSettled(targets.map((target) => userTurns(target)));
  const cpuMs = (await workerdCpuMs()) - cpuBefore;
  const round: RoundSamples = { firstNew: [], firstFollowUp: [], whole: [], problems: [], cpuMs };
  for (const [index, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') {
      round.problems.push(
        `user ${index}: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`,
      );
      continue;
    }
    round.firstNew.push(outcome.value.firstNew);
    round.firstFollowUp.push(outcome.value.firstFollowUp);
    round.whole.push(...outcome.value.whole);
    const target = targets[index];
    const problem = target ? await checkStored(target, outcome.value.thread) : 'no target';
    if (problem) round.problems.push(`user ${index}: ${problem}`);
  }
  return round;
}

/** A level's figures over the sends of all its rounds. */
function summarise(concurrent: number, rounds: readonly RoundSamples[]): LoadLevel {
  const all = <T>(pick: (round: RoundSamples) => T[]) => rounds.flatMap(pick);
  const firstNew = all((r) => r.firstNew);
  const firstFollowUp = all((r) => r.firstFollowUp);
  const first = [...firstNew, ...firstFollowUp];
  const problems = all((r) => r.problems);
  const sends = concurrent * 2;
  return {
    concurrent,
    rounds: rounds.length,
    sends,
    firstTokenP50: median(first),
    firstTokenP95: percentile(first, 0.95),
    firstTokenNewP50: median(firstNew),
    firstTokenFollowUpP50: median(firstFollowUp),
    wholeP50: median(all((r) => r.whole)),
    lostOrCorrupted: problems.length,
    problems,
    cpuMsPerSend: rounds.reduce((sum, r) => sum + r.cpuMs, 0) / (sends * rounds.length),
  };
}

export async function measureLoad(levels: readonly number[] = LOAD_LEVELS): Promise<LoadLevel[]> {
  return withChatBenchApp(
    { host: 'in-process', mock: { text: REPLY, chunks: CHUNKS, delayMs: CHUNK_DELAY_MS } },
    async (app) => {
      const most = Math.max(...levels);
      // Registered one by one, before any timing: registration hashes a password (slow on purpose).
      const targets: AskTarget[] = [];
      for (let i = 0; i < most; i += 1) targets.push(app.target(await register(app.url)));
      // A warm-up: the first run pays the isolate's and the databases' start.
      await runRound(targets.slice(0, 1));
      const rounds = new Map<number, RoundSamples[]>(levels.map((level) => [level, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const level of levels) {
          await pause(PAUSE_BETWEEN_LEVELS_MS);
          rounds.get(level)?.push(await runRound(targets.slice(0, level)));
        }
      }
      const measured = levels.map((level) => summarise(level, rounds.get(level) ?? []));
      return measured;
    },
  );
}

/**
 * The same load through the bare relay (relay-floor.ts): the local runtime's own cost of the
 * design, without and with a send's D1 batches. Run after the app has stopped.
 */
export async function measureLoadFloors(
  levels: readonly number[] = LOAD_LEVELS,
): Promise<{ bare: RelayLevel[]; withD1: RelayLevel[] }> {
  const options = {
    mock: { text: REPLY, chunks: CHUNKS, delayMs: CHUNK_DELAY_MS },
    rounds: ROUNDS,
    pauseMs: PAUSE_BETWEEN_LEVELS_MS,
  };
  const bare = await measureRelayFloor(levels, { ...options, d1: false });
  const withD1 = await measureRelayFloor(levels, { ...options, d1: true });
  const incomplete = [...bare, ...withD1].reduce((sum, level) => sum + level.incomplete, 0);
  if (incomplete > 0)
    throw new Error(`The relay floor cut ${incomplete} streams short; its figures would mean nothing.`);
  return { bare, withD1 };
}
