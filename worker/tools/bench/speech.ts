/**
 * Time to first audio byte of a read-aloud: the same Node process times, N times after a
 * warm-up,
 *   (a) POST {mock}/v1/audio/speech → the first audio byte, the engine called directly;
 *   (b) POST {app}/api/files/speech/tts for a reply not read before → the first audio byte
 *       (the message read, the R2 cache missed, the engine called, its stream passed on);
 *   (c) the same request again → the first byte, served from the R2 cache.
 * The app runs in this process (the deploy bundle on Miniflare, see in-process-app.ts) with
 * the local mock as its OpenAI-compatible speech engine. The difference of the medians of (b)
 * and (a) is what the Worker adds to an engine's own latency.
 */
import { performance } from 'node:perf_hooks';
import { BENCH_API_KEY } from './bench-app';
import { withChatBenchApp } from './chat-bench-app';
import { ask, EDGE_HEADERS, register } from './chat-client';
import { median } from './stats';

export interface SpeechFigure {
  runs: number;
  directMs: number;
  appMs: number;
  cachedMs: number;
}

/** About 40 words: one engine request. The mock echoes it ("You said: …"), numbered, so each reply is new to the cache. */
const MESSAGE = 'The quick brown fox jumps over the lazy dog. '.repeat(5).trim();

const speechConfig = (mockURL: string) => `speech:
  tts:
    openai:
      url: "${mockURL}/v1"
      apiKey: "${BENCH_API_KEY}"
      model: "tts-1"
      voices: ["alloy"]
`;

/** The ms from `started` to the first byte of an audio answer, reading it to its end. */
async function firstByteMs(response: Response, started: number): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  let first: number | undefined;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (first === undefined && chunk.value.byteLength > 0) first = performance.now() - started;
  }
  if (first === undefined) throw new Error('The audio answer was empty.');
  return first;
}

export async function measureSpeech(options: { runs?: number; warmUp?: number } = {}): Promise<SpeechFigure> {
  const runs = options.runs ?? 30;
  const warmUp = options.warmUp ?? 5;
  const unlimited = { TTS_IP_MAX: '100000', TTS_USER_MAX: '100000' };
  return withChatBenchApp({ host: 'in-process', mock: {}, vars: unlimited, extraConfig: speechConfig }, async (app) => {
    const token = await register(app.url);
    const target = app.target(token);
    // One fresh reply per timed read-aloud, written before any timing.
    const replies: string[] = [];
    for (let i = 0; i < warmUp + runs; i += 1)
      replies.push((await ask(target, `${MESSAGE} (${i})`, null)).next.parentMessageId);
    const direct = async () => {
      const started = performance.now();
      const response = await fetch(`${app.mock.baseURL}/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'tts-1',
          input: `You said: ${MESSAGE} (0)`,
          voice: 'alloy',
          response_format: 'mp3',
        }),
      });
      return firstByteMs(response, started);
    };
    const viaApp = async (messageId: string) => {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/files/speech/tts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...EDGE_HEADERS },
        body: JSON.stringify({ messageId, voice: 'alloy' }),
      });
      const ms = await firstByteMs(response, started);
      return { ms, cache: response.headers.get('x-tts-cache') };
    };
    const directTimes: number[] = [];
    const appTimes: number[] = [];
    const cachedTimes: number[] = [];
    for (const [index, messageId] of replies.entries()) {
      const directMs = await direct();
      const fresh = await viaApp(messageId);
      // The cache is written as the stream ends; give it a moment, as a user's second click would.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await viaApp(messageId);
      if (fresh.cache !== 'miss' || again.cache !== 'hit')
        throw new Error(`Expected a cache miss then a hit, got ${fresh.cache} then ${again.cache}.`);
      if (index < warmUp) continue;
      directTimes.push(directMs);
      appTimes.push(fresh.ms);
      cachedTimes.push(again.ms);
    }
    return { runs, directMs: median(directTimes), appMs: median(appTimes), cachedMs: median(cachedTimes) };
  });
}
