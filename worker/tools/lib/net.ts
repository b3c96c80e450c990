import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Every local server the tools start listens on loopback only. */
export const LOOPBACK = '127.0.0.1';

/** A port that is free on loopback right now (the OS picks it). */
export function findFreePort(host: string = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('Could not find a free port.'))));
    });
  });
}

/** Whether nothing is listening on `port` (so that wrangler can bind it). */
export function isPortFree(port: number, host: string = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export interface WaitForHttpOptions {
  /** Give up after this long. */
  timeoutMs: number;
  /** Pause between attempts. */
  intervalMs?: number;
  /** Each attempt's own time limit. */
  attemptTimeoutMs?: number;
  /** Stop waiting early, e.g. when the process that should answer has exited. */
  signal?: AbortSignal;
}

/**
 * Polls `url` with GET until it answers 200. Resolves on success; rejects on timeout or abort,
 * naming the last failure seen.
 */
export async function waitForHttpOk(url: string, options: WaitForHttpOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const interval = options.intervalMs ?? 250;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    options.signal?.throwIfAborted();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(options.attemptTimeoutMs ?? 5_000) });
      await res.body?.cancel();
      if (res.status === 200) return;
      lastProblem = `answered ${res.status}`;
    } catch (error) {
      lastProblem =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    try {
      await sleep(interval, undefined, options.signal ? { signal: options.signal } : undefined);
    } catch (error) {
      // Report why waiting was abandoned (the abort reason), not the timer's generic AbortError.
      options.signal?.throwIfAborted();
      throw error;
    }
  }
  throw new Error(`${url} did not answer 200 within ${Math.round(options.timeoutMs / 1000)} s (${lastProblem}).`);
}
