import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { finalTurn, offeredTools, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { TEST_BASE_URL } from '../test/chat/run-fixtures';
import { finalOf, get, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { MAX_PLUGIN_TOOLS, pluginKeys } from '../services/agents/plugins-send';
import { createTestUser } from '../test/auth-helpers';
import { callAs, TEST_CREDS } from '../test/two-factor-helpers';

/** OpenAI configured by the operator, its requests sent to the stubbed provider's origin. */
const OPENAI_VARS = { OPENAI_API_KEY: 'sk-operator', OPENAI_REVERSE_PROXY: TEST_BASE_URL };

beforeEach(async () => {
  // No title call: each provider request in these tests is a turn of the run.
  await useConfig('version: 1.2.5\nendpoints:\n  openAI:\n    titleConvo: false\n');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What LibreChat's client posts to /api/ask/gptPlugins. */
function pluginsBody(overrides: Record<string, unknown> = {}) {
  return sendBody({
    endpoint: 'gptPlugins',
    endpointType: undefined,
    model: 'gpt-4o-mini',
    tools: ['calculator'],
    agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0 },
    chatGptLabel: 'Counter',
    promptPrefix: 'Count carefully.',
    ...overrides,
  });
}

const calculatorTurn = (args: string) => () =>
  new Response(openAIToolTurn('', [{ id: 'call_1', name: 'calculator', args }]), {
    headers: { 'content-type': 'text/event-stream' },
  });

describe('POST /api/ask/gptPlugins: legacy plugins as an ephemeral agent', () => {
  it('runs the calculator the body names, then answers; the conversation is saved as gptPlugins', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([calculatorTurn('{"input":"2+2"}'), finalTurn('It is 4.')]);
    const result = await send(user, '/api/ask/gptPlugins', pluginsBody({ text: 'What is 2+2?' }), OPENAI_VARS);
    expect(result.response.status).toBe(200);
    const { conversation, responseMessage, requestMessage } = finalOf(result);
    expect(responseMessage).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini', sender: 'Counter' });
    expect(responseMessage.content).toEqual([
      {
        type: 'tool_call',
        tool_call: expect.objectContaining({ id: 'call_1', name: 'calculator', output: '4', progress: 1 }),
      },
      expect.objectContaining({ type: 'text', text: 'It is 4.' }),
    ]);
    expect(requestMessage).toMatchObject({ endpoint: 'gptPlugins' });
    expect(conversation).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini', tools: ['calculator'] });

    // The OpenAI request: the body's model and prompt prefix, the calculator offered.
    const [first, second] = network.providerBodies;
    expect(first).toMatchObject({ model: 'gpt-4o-mini' });
    expect(first?.messages).toEqual([
      { role: 'system', content: 'Count carefully.' },
      { role: 'user', content: 'What is 2+2?' },
    ]);
    expect(offeredTools(first)).toEqual(['calculator']);
    expect(JSON.stringify(second?.messages)).toContain('"role":"tool"');

    const row = await env.DB.prepare(
      'SELECT endpoint, endpointType, tools FROM conversations WHERE conversationId = ?1',
    )
      .bind(conversation.conversationId)
      .first();
    expect(row).toEqual({ endpoint: 'gptPlugins', endpointType: null, tools: '["calculator"]' });
  });

  it('takes TPlugin objects in tools, and leaves out tools it cannot run', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('Done.')]);
    const tools = [
      { name: 'Calculator', pluginKey: 'calculator', description: 'Math' },
      'wolfram',
      { pluginKey: 'search_mcp_local' },
      { pluginKey: 'op_action_example---com' },
      'calculator',
    ];
    const result = await send(user, '/api/ask/gptPlugins', pluginsBody({ tools }), OPENAI_VARS);
    expect(finalOf(result).responseMessage).toMatchObject({ text: 'Done.', endpoint: 'gptPlugins' });
    expect(offeredTools(network.providerBodies[0])).toEqual(['calculator']);
  });

  it('runs a tool with the key the sender installed, the operator having set none', async () => {
    const user = await createTestUser();
    const vars = { ...OPENAI_VARS, ...TEST_CREDS };
    const installed = await callAs(
      user,
      '/api/user/plugins',
      'POST',
      { pluginKey: 'tavily_search_results_json', action: 'install', auth: { TAVILY_API_KEY: 'tvly-mine' } },
      vars,
    );
    expect(installed.status).toBe(200);
    const network = stubAgentSendNetwork([finalTurn('Ready.')]);
    await send(user, '/api/ask/gptPlugins', pluginsBody({ tools: ['tavily_search_results_json'] }), vars);
    expect(offeredTools(network.providerBodies[0])).toEqual(['tavily_search_results_json']);
  });

  it('answers without tools when none is named', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('Hello.')]);
    const result = await send(user, '/api/ask/gptPlugins', pluginsBody({ tools: undefined }), OPENAI_VARS);
    expect(finalOf(result).conversation).toMatchObject({ endpoint: 'gptPlugins' });
    expect(network.providerBodies[0]?.tools).toBeUndefined();
  });

  it('continues a reply on /api/edit/gptPlugins, and the conversation stays gptPlugins', async () => {
    const user = await createTestUser();
    stubAgentSendNetwork([finalTurn('The answer')]);
    const first = finalOf(await send(user, '/api/ask/gptPlugins', pluginsBody({ text: 'What is 6*7?' }), OPENAI_VARS));
    vi.restoreAllMocks();
    const network = stubAgentSendNetwork([calculatorTurn('{"input":"6*7"}'), finalTurn(' is 42.')]);
    const reply = first.responseMessage;
    const continued = finalOf(
      await send(
        user,
        '/api/edit/gptPlugins',
        pluginsBody({
          text: 'What is 6*7?',
          conversationId: first.conversation.conversationId,
          messageId: first.requestMessage.messageId,
          isContinued: true,
          isEdited: true,
          responseMessageId: reply.messageId,
          generation: reply.text,
        }),
        OPENAI_VARS,
      ),
    );
    expect(continued.responseMessage).toMatchObject({ messageId: reply.messageId, endpoint: 'gptPlugins' });
    expect(continued.responseMessage.text).toContain('is 42.');
    expect(continued.conversation).toMatchObject({ endpoint: 'gptPlugins' });
    expect(offeredTools(network.providerBodies[0])).toEqual(['calculator']);
  });

  it('refuses as an endpoint not offered when OpenAI is not configured', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('never')]);
    for (const path of ['/api/ask/gptPlugins', '/api/edit/gptPlugins']) {
      const result = await send(user, path, pluginsBody());
      expect(result.response.status).toBe(400);
      expect(JSON.parse(result.text)).toMatchObject({
        code: 'unknown_endpoint',
        message: 'Unknown endpoint: gptPlugins',
      });
    }
    expect(network.providerBodies).toHaveLength(0);
  });

  it('runs at most a bounded number of tools', async () => {
    const user = await createTestUser();
    const network = stubAgentSendNetwork([finalTurn('Done.')]);
    // Unknown keys count toward the bound: the calculator after them is left out.
    const tools = [...Array.from({ length: MAX_PLUGIN_TOOLS }, (_, i) => `unknown_${i}`), 'calculator'];
    finalOf(await send(user, '/api/ask/gptPlugins', pluginsBody({ tools }), OPENAI_VARS));
    expect(network.providerBodies[0]?.tools).toBeUndefined();
  });
});

describe('pluginKeys', () => {
  it('maps TPlugin objects to their keys, dropping blanks and repeats', () => {
    expect(pluginKeys([' calculator ', { pluginKey: 'calculator' }, '', { pluginKey: 'web_search' }])).toEqual([
      'calculator',
      'web_search',
    ]);
    expect(pluginKeys(undefined)).toEqual([]);
  });
});

describe('GET /api/endpoints', () => {
  it('does not list gptPlugins beside OpenAI: the web has no plugin picker, and old plugin chats continue on /api/ask/gptPlugins', async () => {
    const user = await createTestUser();
    const response = await get(user, '/api/endpoints', OPENAI_VARS);
    const endpoints = await response.json<Record<string, unknown>>();
    expect(endpoints.openAI).toBeDefined();
    expect(endpoints.gptPlugins).toBeUndefined();
  });
});
