import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { gatedReply, openAIEnd, openAITextChunk, sseResponse } from '../test/chat/provider-replies';
import { TEST_BASE_URL } from '../test/chat/run-fixtures';
import { get, post, sendBody, useConfig } from '../services/chat/testing/routes';
import { finalFrame, parseSse, readRest, readUntil } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';

const OPENAI_VARS = { OPENAI_API_KEY: 'sk-operator', OPENAI_REVERSE_PROXY: TEST_BASE_URL };

beforeEach(async () => {
  await useConfig('version: 1.2.5\nendpoints:\n  openAI:\n    titleConvo: false\n');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A plugins run held in its second model turn, after its calculator call completed. */
async function heldPluginsRun() {
  const user = await createTestUser();
  const second = gatedReply();
  stubAgentSendNetwork([
    () => sseResponse(openAIToolTurn('', [{ id: 'call_1', name: 'calculator', args: '{"input":"2+2"}' }])),
    () => second.answer(),
  ]);
  const body = sendBody({
    endpoint: 'gptPlugins',
    endpointType: undefined,
    model: 'gpt-4o-mini',
    tools: ['calculator'],
  });
  const response = await post(user, '/api/ask/gptPlugins', body, OPENAI_VARS);
  if (!response.body) throw new Error('no body');
  second.push(openAITextChunk('The answer'));
  const started = await readUntil(response.body, (text) => text.includes('The answer'));
  const created = parseSse(started.text)[0]?.data.message as { conversationId: string; messageId: string };
  return { user, second, started, created };
}

describe('a plugins run, resumed and stopped as any /api/ask run', () => {
  it('GET /api/ask/stream replays the tool call and the text so far, then streams to the end', async () => {
    const { user, second, started, created } = await heldPluginsRun();
    expect(started.text).toContain('on_run_step_completed');
    const resumed = await get(user, `/api/ask/stream/${created.conversationId}`, OPENAI_VARS);
    expect(resumed.status).toBe(200);
    second.push(openAITextChunk(' is 4.'));
    second.push(openAIEnd());
    second.end();
    const [original, replayed] = await Promise.all([readRest(started.reader, started.text), resumed.text()]);
    expect(replayed).toBe(original);
    expect(finalFrame(parseSse(replayed))).toMatchObject({
      conversation: { endpoint: 'gptPlugins' },
      responseMessage: { endpoint: 'gptPlugins', text: 'The answer is 4.' },
    });
  });

  it('POST /api/ask/gptPlugins/abort stops it and keeps the finished tool call', async () => {
    const { user, second, started, created } = await heldPluginsRun();
    const aborted = await post(
      user,
      '/api/ask/gptPlugins/abort',
      { abortKey: `${created.conversationId}:${created.messageId}`, endpoint: 'gptPlugins' },
      OPENAI_VARS,
    );
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as {
      responseMessage: { content: unknown[]; finish_reason: string; endpoint: string };
    };
    expect(final.responseMessage).toMatchObject({ finish_reason: 'incomplete', endpoint: 'gptPlugins' });
    expect(JSON.stringify(final.responseMessage.content)).toContain('"output":"4"');
    expect(second.cancelled()).toBe(true);
    await started.reader.cancel();
  });
});
