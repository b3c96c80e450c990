import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import { agentSpec, openAIToolTurn, petsTool, stubAgentNetwork } from '../../worker/test/chat/agent-fixtures';
import { openAIStream, sseResponse } from '../../worker/test/chat/provider-replies';
import {
  conversationStubFor,
  newConversationSpec,
  savedMessages,
  startRunRequest,
} from '../../worker/test/chat/run-fixtures';
import { readAll } from '../../worker/test/chat/sse';
import type { ConversationDO } from './conversation-do';
import { storedSpec } from './stored-spec';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RunStore: an object created by the previous deploy (no steps table)', () => {
  it('still finalises its orphaned run, then journals the steps of its next agent run', async () => {
    const user = await createTestUser();
    const spec = newConversationSpec(user, 'Old question');
    const stub = conversationStubFor(spec);
    // Exactly what the previous deploy's RunStore created and wrote: three tables, a spec without `agent`.
    await runInDurableObject(stub, async (_instance: ConversationDO, state) => {
      const sql = state.storage.sql;
      sql.exec(`CREATE TABLE run (
        id TEXT PRIMARY KEY, userId TEXT NOT NULL, status TEXT NOT NULL, spec TEXT NOT NULL,
        snapshot TEXT NOT NULL, turn TEXT, startedAt INTEGER NOT NULL, heartbeatAt INTEGER NOT NULL)`);
      sql.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      sql.exec(
        'CREATE TABLE frames (runId TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (runId, seq))',
      );
      const { agent: _agent, ...oldSpec } = storedSpec(spec);
      const snapshot = {
        text: 'Half an answer',
        content: [{ type: 'text', text: 'Half an answer' }],
        receivedTextChars: 14,
      };
      sql.exec(
        'INSERT INTO run (id, userId, status, spec, snapshot, startedAt, heartbeatAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
        spec.runId,
        user.id,
        'running',
        JSON.stringify(oldSpec),
        JSON.stringify(snapshot),
        Date.now(),
        Date.now(),
      );
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(conversationStubFor(spec))).toBe(true);
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved.map((m) => [m.text, m.unfinished])).toEqual([
      ['Old question', 0],
      ['Half an answer', 1],
    ]);

    // The same object runs an agent turn: the steps table is created on its first write.
    const base = newConversationSpec(user, 'Now with tools', { agent: agentSpec([]) });
    const userMessage = { ...base.userMessage!, conversationId: spec.conversation.conversationId };
    const next = {
      ...base,
      conversation: spec.conversation,
      isNewConversation: false,
      userMessage,
      turn: { ...base.turn, requestMessage: userMessage },
    };
    stubAgentNetwork([
      () => sseResponse(openAIToolTurn('', [{ id: 'call_x', name: 'calculator', args: '{"input":"5*5"}' }])),
      () => sseResponse(openAIStream(['25.'])),
    ]);
    const text = await readAll((await conversationStubFor(next).fetch(...startRunRequest(next))).body);
    expect(text).toContain('"output":"25"');
    const tables = await runInDurableObject(conversationStubFor(next), (_instance: ConversationDO, state) =>
      state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").toArray(),
    );
    expect(tables.map((t) => t.name)).toContain('steps');
  });
});

describe('storedSpec of an agent run', () => {
  it('keeps the agent and its tool names, never how a tool runs (credentials, auth, MCP headers)', async () => {
    const user = await createTestUser();
    const tool = petsTool('/pets');
    if (tool.exec.kind !== 'action') throw new Error('not an action');
    const secret = { ...tool, exec: { ...tool.exec, auth: { type: 'bearer' as const, apiKey: 'sk-secret-action' } } };
    const agent = agentSpec([secret], {
      mcpServers: [
        { name: 'm', transport: 'sse', url: 'https://m.example/sse', headers: { authorization: 'sk-secret-mcp' } },
      ],
    });
    const stored = storedSpec(newConversationSpec(user, 'q', { agent }));
    expect(stored.agent).toEqual({
      id: 'agent_test',
      name: 'Tester',
      tools: [
        { key: 'calculator', wireName: 'calculator' },
        { key: secret.key, wireName: secret.wireName },
      ],
    });
    expect(JSON.stringify(stored)).not.toContain('sk-secret');
  });
});
