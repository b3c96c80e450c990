import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLines } from '../../worker/test/console-lines';
import { runLogger } from './run-log';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runLogger', () => {
  it("stamps a run's lines with its conversation, run and starting request", async () => {
    const spec = { runId: 'run-1', requestId: 'req-1', conversation: { conversationId: 'conv-1' } };
    const lines = await consoleLines(() => {
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
