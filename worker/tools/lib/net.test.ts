import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, isPortFree, waitForHttpOk } from './net';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function listen(port: number, handler: Parameters<typeof createServer>[1]): Promise<void> {
  server = createServer(handler);
  return new Promise((resolve) => server?.listen(port, '127.0.0.1', () => resolve()));
}

describe('ports', () => {
  it('finds a free loopback port and sees it taken once something listens there', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await isPortFree(port)).toBe(true);
    await listen(port, (_req, res) => res.end());
    expect(await isPortFree(port)).toBe(false);
  });
});

describe('waitForHttpOk', () => {
  it('resolves once the URL answers 200, after earlier failures', async () => {
    const port = await findFreePort();
    let calls = 0;
    await listen(port, (_req, res) => {
      calls += 1;
      res.statusCode = calls < 3 ? 503 : 200;
      res.end();
    });
    await waitForHttpOk(`http://127.0.0.1:${port}/health`, { timeoutMs: 5_000, intervalMs: 10 });
    expect(calls).toBe(3);
  });

  it('rejects after the timeout, naming the last problem', async () => {
    const port = await findFreePort();
    await listen(port, (_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    await expect(waitForHttpOk(`http://127.0.0.1:${port}/health`, { timeoutMs: 200, intervalMs: 20 })).rejects.toThrow(
      /answered 500/,
    );
  });

  it('stops waiting when aborted', async () => {
    const port = await findFreePort();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('process exited')), 50);
    await expect(
      waitForHttpOk(`http://127.0.0.1:${port}/health`, {
        timeoutMs: 10_000,
        intervalMs: 20,
        signal: controller.signal,
      }),
    ).rejects.toThrow('process exited');
  });
});
