import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { AGENT_CHAT_CONFIG, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { gatedReply, openAIEnd, openAITextChunk, sseResponse } from '../test/chat/provider-replies';
import { get, post, sendBody, useConfig } from '../services/chat/testing/routes';
import { finalFrame, parseSse, readRest, readUntil } from '../test/chat/sse';
import { createAgentAs } from '../services/agents/test-helpers';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A saved agent's run held in its second model turn, after its calculator call completed. */
async function heldAgentRun() {
  const user = await createTestUser();
  const agent = await createAgentAs(user, {
    name: 'Counter',
    provider: 'Test',
    model: 'test-model',
    tools: ['calculator'],
  });
  const second = gatedReply();
  stubAgentSendNetwork([
    () => sseResponse(openAIToolTurn('', [{ id: 'call_1', name: 'calculator', args: '{"input":"2+2"}' }])),
    () => second.answer(),
  ]);
  const body = sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agent.id });
  const response = await post(user, '/api/agents/chat', body);
  if (!response.body) throw new Error('no body');
  second.push(openAITextChunk('The answer'));
  const started = await readUntil(response.body, (text) => text.includes('The answer'));
  const created = parseSse(started.text)[0]?.data.message as { conversationId: string; messageId: string };
  return { user, agent, second, started, created };
}

describe('an agent run, resumed and stopped through the routes the web uses', () => {
  it('GET /api/ask/stream replays the tool call and the text so far, then streams to the end', async () => {
    const { user, agent, second, started, created } = await heldAgentRun();
    expect(started.text).toContain('on_run_step_completed');
    const resumed = await get(user, `/api/ask/stream/${created.conversationId}`);
    expect(resumed.status).toBe(200);
    second.push(openAITextChunk(' is 4.'));
    second.push(openAIEnd());
    second.end();
    const [original, replayed] = await Promise.all([readRest(started.reader, started.text), resumed.text()]);
    expect(replayed).toBe(original);
    expect(finalFrame(parseSse(replayed))).toMatchObject({
      responseMessage: { model: agent.id, endpoint: 'agents', text: 'The answer is 4.' },
    });
  });

  it('POST /api/agents/chat/abort stops it and keeps the finished tool call', async () => {
    const { user, second, started, created } = await heldAgentRun();
    const aborted = await post(user, '/api/agents/chat/abort', {
      abortKey: `${created.conversationId}:${created.messageId}`,
      endpoint: 'agents',
    });
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as { responseMessage: { content: unknown[]; finish_reason: string } };
    expect(final.responseMessage.finish_reason).toBe('incomplete');
    expect(JSON.stringify(final.responseMessage.content)).toContain('"output":"4"');
    expect(second.cancelled()).toBe(true);
    await started.reader.cancel();
  });

  it('answers 404 to anyone else who tries to stop it', async () => {
    const { second, started, created } = await heldAgentRun();
    const intruder = await createTestUser();
    const abortKey = `${created.conversationId}:${created.messageId}`;
    expect((await post(intruder, '/api/agents/chat/abort', { abortKey })).status).toBe(404);
    expect((await post(intruder, '/api/agents/chat/custom/abort', { abortKey })).status).toBe(404);
    second.push(openAIEnd());
    second.end();
    await readRest(started.reader, started.text);
  });
});
