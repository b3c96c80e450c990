import { env } from 'cloudflare:workers';
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallRow } from '../../worker/db/tool-calls';
import type { RunSpec } from '../../worker/engine/run-spec';
import { createTestUser } from '../../worker/test/auth-helpers';
import {
  agentRunSpec,
  agentSpec,
  openAIToolTurn,
  petsTool,
  stubAgentNetwork,
} from '../../worker/test/chat/agent-fixtures';
import { openAIStream, sseResponse } from '../../worker/test/chat/provider-replies';
import { conversationStubFor, savedMessages, startRunRequest } from '../../worker/test/chat/run-fixtures';
import { readAll, readUntil } from '../../worker/test/chat/sse';
import type { ConversationDO } from './conversation-do';

/**
 * The `tool_calls` records of agent runs: one per finished call, written with the reply (live or
 * by the alarm for an evicted run), never for a call that had no output, never twice.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

const calc = (id: string, input: string) => ({ id, name: 'calculator', args: JSON.stringify({ input }) });

async function records(conversationId: string): Promise<ToolCallRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM tool_calls WHERE conversationId = ? ORDER BY partIndex')
    .bind(conversationId)
    .all<ToolCallRow>();
  return results;
}

function resultOf(row: ToolCallRow | undefined): unknown {
  return JSON.parse(row?.result ?? 'null');
}

describe('ConversationDO: tool call records', () => {
  it('writes one record per finished call of a multi-call run, at its content index', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([]));
    stubAgentNetwork([
      () =>
        sseResponse(
          openAIToolTurn('Let me compute.', [
            calc('call_a', '2+2'),
            { id: 'call_x', name: 'no_such_tool', args: '{}' },
          ]),
        ),
      () => sseResponse(openAIToolTurn('And one more.', [calc('call_b', '3*3')])),
      () => sseResponse(openAIStream(['They are 4 and 9.'])),
    ]);
    await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body);

    const rows = await records(spec.conversation.conversationId);
    expect(rows.map((row) => [row.id, row.partIndex, row.toolId])).toEqual([
      [`${spec.runId}:call_a`, 1, 'calculator'],
      [`${spec.runId}:call_x`, 2, 'no_such_tool'],
      [`${spec.runId}:call_b`, 4, 'calculator'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: user.id,
        conversationId: spec.conversation.conversationId,
        messageId: spec.responseMessageId,
        blockIndex: null,
        attachments: null,
      });
    }
    expect(resultOf(rows[0])).toEqual({ output: '4', isError: false, name: 'calculator', args: '{"input":"2+2"}' });
    expect(resultOf(rows[1])).toMatchObject({ isError: true, name: 'no_such_tool', args: '{}' });
    expect(resultOf(rows[2])).toMatchObject({ output: '9', isError: false });
    // The indexes are those of the saved reply's parts.
    const saved = await savedMessages(spec.conversation.conversationId);
    const content = JSON.parse(saved[1]?.content ?? 'null') as { tool_call?: { id: string } }[];
    expect([1, 2, 4].map((index) => content[index]?.tool_call?.id)).toEqual(['call_a', 'call_x', 'call_b']);

    // They go with their conversation.
    await env.DB.prepare('DELETE FROM conversations WHERE conversationId = ?')
      .bind(spec.conversation.conversationId)
      .run();
    expect(await records(spec.conversation.conversationId)).toEqual([]);
  });

  it('writes none for a plain reply', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([]));
    stubAgentNetwork([() => sseResponse(openAIStream(['No tools needed.']))]);
    await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body);
    expect(await savedMessages(spec.conversation.conversationId)).toHaveLength(2);
    expect(await records(spec.conversation.conversationId)).toEqual([]);
  });
});

describe('ConversationDO: the records of an evicted run', () => {
  async function evictedMidCall(): Promise<RunSpec> {
    const user = await createTestUser();
    const slow = petsTool('/slow');
    const spec = agentRunSpec(user, agentSpec([slow]));
    const net = stubAgentNetwork([
      () =>
        sseResponse(
          openAIToolTurn('Checking.', [calc('call_a', '1+1'), { id: 'call_s', name: slow.wireName, args: '{}' }]),
        ),
    ]);
    const response = await conversationStubFor(spec).fetch(...startRunRequest(spec));
    const started = await readUntil(response.body!, (text) => text.includes('on_run_step_completed'));
    await vi.waitFor(() => expect(net.petsRequests()).toHaveLength(1));
    await started.reader.cancel();
    await abortAllDurableObjects();
    return spec;
  }

  it('records the calls that finished before the eviction, not the one in flight', async () => {
    const spec = await evictedMidCall();
    expect(await runDurableObjectAlarm(conversationStubFor(spec))).toBe(true);
    const rows = await records(spec.conversation.conversationId);
    expect(rows.map((row) => [row.id, row.partIndex, row.messageId])).toEqual([
      [`${spec.runId}:call_a`, 1, spec.responseMessageId],
    ]);
    expect(resultOf(rows[0])).toEqual({ output: '2', isError: false, name: 'calculator', args: '{"input":"1+1"}' });
  });

  it('writes no duplicate when the finalisation runs again', async () => {
    const spec = await evictedMidCall();
    const stub = conversationStubFor(spec);
    // What the object holds before finalising, to finalise it a second time as a retried alarm would.
    const stored = await runInDurableObject(stub, (_instance: ConversationDO, state) => ({
      run: state.storage.sql.exec('SELECT * FROM run').toArray(),
      steps: state.storage.sql.exec('SELECT * FROM steps').toArray(),
    }));
    expect(stored.steps.length).toBeGreaterThan(1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const first = await records(spec.conversation.conversationId);
    expect(first).toHaveLength(1);

    await runInDurableObject(conversationStubFor(spec), async (_instance: ConversationDO, state) => {
      for (const [table, rows] of Object.entries(stored))
        for (const row of rows) {
          const columns = Object.keys(row);
          state.storage.sql.exec(
            `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
            ...Object.values(row),
          );
        }
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(conversationStubFor(spec))).toBe(true);
    expect(await records(spec.conversation.conversationId)).toEqual(first);
    expect(await savedMessages(spec.conversation.conversationId)).toHaveLength(2);
    const left = await runInDurableObject(conversationStubFor(spec), (_instance: ConversationDO, state) =>
      state.storage.sql.exec('SELECT COUNT(*) AS n FROM run').one(),
    );
    expect(left.n).toBe(0);
  });
});
