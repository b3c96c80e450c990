import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runLogger } from '../../durable-objects/conversation/run-log';
import type { AppEnv } from '../env';
import { requestLogging } from '../middleware/logging';
import { createLogger, errorMessage, log } from './logger';

/** Every line written to the console during `act`, parsed; fails if a call wrote anything but one JSON line. */
function linesOf(act: () => unknown): Promise<Record<string, unknown>[]> {
  const calls: unknown[][] = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => calls.push([method, ...args]));
  }
  return Promise.resolve(act()).then(() =>
    calls.map(([method, ...args]) => {
      expect(args).toHaveLength(1);
      const text = String(args[0]);
      expect(text).not.toContain('\n');
      return { method, ...(JSON.parse(text) as Record<string, unknown>) };
    }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logger', () => {
  it('prints one JSON line per call, on the console method of its level', async () => {
    const lines = await linesOf(() => {
      log.info('did_thing', { count: 2 });
      log.warn('odd_thing', { detail: 'multi\nline' });
      log.error('bad_thing');
    });
    expect(lines).toEqual([
      { method: 'log', level: 'info', event: 'did_thing', count: 2 },
      { method: 'warn', level: 'warn', event: 'odd_thing', detail: 'multi\nline' },
      { method: 'error', level: 'error', event: 'bad_thing' },
    ]);
  });

  it('repeats its context on every line, and a child adds to it', async () => {
    const parent = createLogger({ requestId: 'r1' });
    const lines = await linesOf(() => {
      parent.warn('first');
      parent.with({ conversationId: 'c1' }).error('second', { error: errorMessage(new Error('boom')) });
    });
    expect(lines).toEqual([
      { method: 'warn', level: 'warn', event: 'first', requestId: 'r1' },
      { method: 'error', level: 'error', event: 'second', requestId: 'r1', conversationId: 'c1', error: 'boom' },
    ]);
  });

  it("stamps a request's lines with the id the request-id middleware gives it", async () => {
    const app = new Hono<AppEnv>().use('*', requestLogging).get('/probe', (c) => {
      c.var.log.warn('probe_seen', { path: c.req.path });
      return c.text('ok');
    });
    let response: Response | undefined;
    const lines = await linesOf(async () => {
      response = await app.request('/probe', { headers: { 'cf-ray': 'ray-123' } });
    });
    expect(response?.headers.get('X-Request-Id')).toBe('ray-123');
    expect(lines).toEqual([{ method: 'warn', level: 'warn', event: 'probe_seen', requestId: 'ray-123', path: '/probe' }]);
  });

  it("stamps a run's lines with its conversation, run and starting request", async () => {
    const spec = { runId: 'run-1', requestId: 'req-1', conversation: { conversationId: 'conv-1' } };
    const lines = await linesOf(() => {
      runLogger(spec).error('chat_run_failed', { error: 'x' });
      runLogger({ ...spec, requestId: undefined }).warn('chat_run_orphan_finalised');
    });
    expect(lines).toEqual([
      {
        method: 'error',
        level: 'error',
        event: 'chat_run_failed',
        conversationId: 'conv-1',
        runId: 'run-1',
        requestId: 'req-1',
        error: 'x',
      },
      { method: 'warn', level: 'warn', event: 'chat_run_orphan_finalised', conversationId: 'conv-1', runId: 'run-1' },
    ]);
  });
});
