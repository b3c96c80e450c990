import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLines } from '../test/console-lines';
import type { AppEnv } from '../env';
import { requestLogging } from '../middleware/logging';
import { createLogger, errorMessage, log } from './logger';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logger', () => {
  it('prints one JSON line per call, on the console method of its level', async () => {
    const lines = await consoleLines(() => {
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
    const lines = await consoleLines(() => {
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
    const lines = await consoleLines(async () => {
      response = await app.request('/probe', { headers: { 'cf-ray': 'ray-123' } });
    });
    expect(response?.headers.get('X-Request-Id')).toBe('ray-123');
    expect(lines).toEqual([
      { method: 'warn', level: 'warn', event: 'probe_seen', requestId: 'ray-123', path: '/probe' },
    ]);
  });
});
