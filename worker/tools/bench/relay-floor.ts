/**
 * The load bench's floor: the same users, sends and provider stream, through a bare relay
 * instead of the app — a Worker that hands each send to its conversation's Durable Object,
 * which calls the provider and writes each chunk it reads to the client, as the app's object
 * does, with no routing, auth, validation, limits or frames. It runs on the same workerd
 * (wrangler's Miniflare, a process of its own), so what it measures is the local runtime's own
 * cost of this design under the load, and the app's figure less this one is what the app adds.
 *
 * With `d1` the relay also makes a follow-up's D1 statements through the local D1 (its
 * resource_usage lines count 6 for the Worker and 6 for the object, with read replication off):
 * one batch before the provider call, as the send's reads and limit counters are, and one after
 * the stream, standing for the object's saves (the app writes the user message as the run
 * starts and the reply at its end).
 */
import { LOOPBACK } from '../lib/net';
import { startMockOpenAI, type MockOpenAIOptions } from '../mock/mock-openai-server';
import { appCompatibilityDate, loadWranglersMiniflare } from './in-process-app';
import { median } from './stats';
import { workerdCpuMs } from './workerd-cpu';

export interface RelayLevel {
  concurrent: number;
  firstTokenP50: number;
  cpuMsPerSend: number;
  /** Sends whose stream did not reach the provider's end. */
  incomplete: number;
}

/** Statements per batch (see above). */
export const RELAY_D1_BATCHES = { beforeProvider: 6, afterStream: 6 } as const;

const KEY = 'relay-floor-key';

const RELAY_WORKER = `
export default {
  fetch(request, env) {
    const conversation = new URL(request.url).searchParams.get('conversation');
    return env.RELAY.get(env.RELAY.idFromName(conversation)).fetch(request);
  },
};
let table;
async function batch(env, conversation, statements) {
  table ??= env.DB.exec('CREATE TABLE IF NOT EXISTS counter (key TEXT PRIMARY KEY, value INTEGER NOT NULL)');
  await table;
  const counters = [];
  for (let i = 0; i < statements - 1; i += 1)
    counters.push(env.DB.prepare('INSERT INTO counter (key, value) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1').bind(conversation + ':' + i));
  return env.DB.batch([...counters, env.DB.prepare('SELECT key, value FROM counter WHERE key = ?').bind(conversation + ':0')]);
}
export class Relay {
  constructor(ctx, env) { this.env = env; }
  async fetch(request) {
    const { provider, conversation } = Object.fromEntries(new URL(request.url).searchParams);
    const { BEFORE, AFTER } = this.env;
    if (BEFORE > 0) await batch(this.env, conversation, BEFORE);
    const response = await fetch(provider, {
      method: 'POST',
      headers: { authorization: 'Bearer ${KEY}', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-fast', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    const { readable, writable } = new IdentityTransformStream();
    const writer = writable.getWriter();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    const relay = async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        await writer.write(encoder.encode(decoder.decode(chunk.value, { stream: true })));
      }
      if (AFTER > 0) await batch(this.env, conversation, AFTER);
      await writer.close();
    };
    relay().catch((error) => writer.abort(error));
    return new Response(readable, { headers: { 'content-type': 'text/event-stream' } });
  }
}`;

/** The first content chunk of a Chat Completions stream (the role chunk carries an empty one). */
const FIRST_TEXT = /"content":"[^"]/;

async function send(
  origin: string,
  provider: string,
  conversation: string,
): Promise<{ firstMs: number; whole: boolean }> {
  const started = performance.now();
  const query = new URLSearchParams({ provider, conversation });
  const response = await fetch(`${origin}/?${query}`, { method: 'POST' });
  if (!response.ok || !response.body) throw new Error(`The relay answered ${response.status}.`);
  const decoder = new TextDecoder();
  let text = '';
  let firstMs = Number.NaN;
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (Number.isNaN(firstMs) && FIRST_TEXT.test(text)) firstMs = performance.now() - started;
  }
  return { firstMs, whole: text.includes('data: [DONE]') };
}

/**
 * Each level: `rounds` rounds of N users at once, each sending twice in its own conversation
 * (a new one, then a follow-up), as the load bench's users do.
 */
export async function measureRelayFloor(
  levels: readonly number[],
  options: { mock: MockOpenAIOptions; rounds: number; pauseMs: number; d1: boolean },
): Promise<RelayLevel[]> {
  const mock = await startMockOpenAI({ ...options.mock, apiKey: KEY });
  const Miniflare = await loadWranglersMiniflare();
  const statements = options.d1 ? RELAY_D1_BATCHES : { beforeProvider: 0, afterStream: 0 };
  const miniflare = new Miniflare({
    modules: true,
    script: RELAY_WORKER,
    durableObjects: { RELAY: { className: 'Relay', useSQLite: true } },
    d1Databases: { DB: 'relay-floor' },
    bindings: { BEFORE: statements.beforeProvider, AFTER: statements.afterStream },
    compatibilityDate: appCompatibilityDate(),
    host: LOOPBACK,
    port: 0,
  });
  try {
    const origin = (await miniflare.ready).origin;
    const provider = `${mock.baseURL}/chat/completions`;
    const user = async () => {
      const conversation = crypto.randomUUID();
      return [await send(origin, provider, conversation), await send(origin, provider, conversation)];
    };
    await user(); // the isolate's and the databases' start
    const measured: RelayLevel[] = [];
    for (const concurrent of levels) {
      const firsts: number[] = [];
      let cpuMs = 0;
      let incomplete = 0;
      for (let round = 0; round < options.rounds; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
        const before = await workerdCpuMs();
        const sends = (await Promise.all(Array.from({ length: concurrent }, user))).flat();
        cpuMs += (await workerdCpuMs()) - before;
        for (const { firstMs, whole } of sends) {
          firsts.push(firstMs);
          if (!whole) incomplete += 1;
        }
      }
      measured.push({ concurrent, firstTokenP50: median(firsts), cpuMsPerSend: cpuMs / firsts.length, incomplete });
    }
    return measured;
  } finally {
    await miniflare.dispose();
    await mock.close();
  }
}
