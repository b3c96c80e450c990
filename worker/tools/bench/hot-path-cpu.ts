/**
 * CPU time of the streaming hot path for one 1,000-token reply, measured in Node with
 * process.cpuUsage() (workerd exposes no per-request CPU time locally): the real OpenAI provider
 * module parsing a 1,000-delta Chat Completions stream (a fixture Response, one read per event as
 * a provider sends them), and the ConversationDO's real ContentBuilder turning each event into
 * its SSE frame text and the bytes its subscribers write. Network, D1 and the final save are
 * not part of it.
 */
import { ContentBuilder } from '../../../durable-objects/conversation/content-builder';
import { streamOpenAIChat } from '../../providers/openai/stream';
import { chunkedResponse, fakeFetch } from '../../providers/testing';
import { median } from './stats';

export interface HotPathCpuFigure {
  deltas: number;
  runs: number;
  /** Median CPU ms (user + system) of one reply. */
  medianMs: number;
}

const DELTAS = 1000;

/** A Chat Completions stream of `deltas` content chunks, a finish chunk, usage and [DONE]. */
export function openAIStreamFixture(deltas: number): string {
  const head = {
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'mock-fast',
    system_fingerprint: 'fp_bench',
  };
  const events: string[] = [];
  events.push(
    JSON.stringify({
      ...head,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
    }),
  );
  for (let i = 0; i < deltas; i += 1) {
    const token = i % 10 === 0 ? ' “quoted”' : ` word${i % 97}`;
    events.push(
      JSON.stringify({
        ...head,
        choices: [{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }],
      }),
    );
  }
  events.push(JSON.stringify({ ...head, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }] }));
  events.push(
    JSON.stringify({
      ...head,
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: deltas, total_tokens: deltas + 12 },
    }),
  );
  events.push('[DONE]');
  return events.map((data) => `data: ${data}\n\n`).join('');
}

/** Byte offsets of each event's end: the fixture delivered one event per read. */
function eventBoundaries(fixture: string): number[] {
  const encoder = new TextEncoder();
  const points: number[] = [];
  let bytes = 0;
  for (const event of fixture.split('\n\n').slice(0, -1)) {
    bytes += encoder.encode(`${event}\n\n`).length;
    points.push(bytes);
  }
  return points;
}

async function oneReply(fixture: string, splitAt: number[]): Promise<number> {
  const { fetch } = fakeFetch(chunkedResponse(fixture, { splitAt }));
  const builder = new ContentBuilder({
    dialect: 'parts',
    responseMessageId: crypto.randomUUID(),
    parentMessageId: crypto.randomUUID(),
    generation: null,
  });
  const encoder = new TextEncoder();
  let bytes = 0;
  const events = streamOpenAIChat(
    { baseURL: 'https://provider.invalid/v1', apiKey: 'bench' },
    { model: 'mock-fast', messages: [{ role: 'user', content: 'Hi' }], parameters: {} },
    fetch,
  );
  for await (const event of events) {
    const frames = builder.apply(event);
    if (frames !== '') bytes += encoder.encode(frames).length;
  }
  if (builder.snapshot().receivedTextChars === 0 || bytes === 0)
    throw new Error('The hot-path bench produced no reply.');
  return bytes;
}

export async function measureHotPathCpu(options: { runs?: number; warmUp?: number } = {}): Promise<HotPathCpuFigure> {
  const runs = options.runs ?? 20;
  const warmUp = options.warmUp ?? 10;
  const fixture = openAIStreamFixture(DELTAS);
  const splitAt = eventBoundaries(fixture);
  for (let i = 0; i < warmUp; i += 1) await oneReply(fixture, splitAt);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const before = process.cpuUsage();
    await oneReply(fixture, splitAt);
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return { deltas: DELTAS, runs, medianMs: median(times) };
}
