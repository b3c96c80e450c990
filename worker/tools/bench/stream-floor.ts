/**
 * The runtime's floor under a streamed reply: the CPU workerd spends carrying a provider's
 * stream into JavaScript one network read at a time, with none of the app around it. A bare
 * Durable Object (in this design an object owns each generation), run by the same workerd as
 * the app (wrangler's Miniflare), fetches the same mock stream the app's object fetches and
 * reads it chunk by chunk, decoding each to text as every reader of server-sent events must.
 * Whatever the app spends beyond this figure is its own.
 *
 * It runs in a workerd process of its own, so its CPU and the app's are read apart (the app's
 * process idles while this one streams).
 */
import { LOOPBACK } from '../lib/net';
import { appCompatibilityDate, loadWranglersMiniflare } from './in-process-app';

export interface StreamFloor {
  /** Streams one reply from `init` at `url` to its end; resolves with the reads it took. */
  read(url: string, init: { headers: Record<string, string>; body: string }): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The Worker hands each request to one object, which answers with the number of reads the
 * provider's body took; the body's bytes are decoded and dropped.
 */
const FLOOR_WORKER = `
export default {
  fetch(request, env) {
    return env.READER.get(env.READER.idFromName('floor')).fetch(request);
  },
};
export class StreamReader {
  async fetch(request) {
    const { url, headers, body } = await request.json();
    const response = await fetch(url, { method: 'POST', headers, body });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let reads = 0;
    let characters = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      reads += 1;
      characters += decoder.decode(chunk.value, { stream: true }).length;
    }
    return Response.json({ reads, characters, status: response.status });
  }
}`;

export async function startStreamFloor(): Promise<StreamFloor> {
  const Miniflare = await loadWranglersMiniflare();
  const miniflare = new Miniflare({
    modules: true,
    script: FLOOR_WORKER,
    durableObjects: { READER: 'StreamReader' },
    compatibilityDate: appCompatibilityDate(),
    host: LOOPBACK,
    port: 0,
  });
  const origin = await miniflare.ready;
  return {
    async read(url, init) {
      const response = await fetch(origin, { method: 'POST', body: JSON.stringify({ url, ...init }) });
      const { reads, characters, status } = (await response.json()) as {
        reads: number;
        characters: number;
        status: number;
      };
      if (status !== 200 || characters === 0)
        throw new Error(`The floor's stream answered ${status} with ${characters} characters.`);
      return reads;
    },
    stop: () => miniflare.dispose(),
  };
}
