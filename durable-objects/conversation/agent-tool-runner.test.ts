import { describe, expect, it } from 'vitest';
import { createToolRuntime } from '../../worker/agent-tools';
import { createDohResolver } from '../../worker/agent-tools/net/doh';
import type { ToolContext } from '../../worker/agent-tools/types';
import { agentSpec, petsTool } from '../../worker/test/chat/agent-fixtures';
import { PETS_ORIGIN } from '../../worker/test/mock-tools/action-handler';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../../worker/test/mock-tools/doh-handler';
import { handlerFetch } from '../../worker/test/mock-tools/handler-fetch';
import { PETS_DOMAIN } from '../../worker/test/mock-tools/pets-openapi';
import { runToolCalls } from './tool-runner';
import type { CollectedCall } from './turn-collector';

function harness(callsPerTurn = 16) {
  let running = 0;
  let most = 0;
  const net = handlerFetch({
    [MOCK_DOH_ORIGIN]: dohHandler({ [PETS_DOMAIN]: ['93.184.215.20'] }),
    [PETS_ORIGIN]: async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return new Response('ok', { headers: { 'content-type': 'text/plain' } });
    },
  });
  const agent = agentSpec([petsTool('/pets')]);
  const signal = new AbortController().signal;
  const runtime = createToolRuntime({
    network: agent.network,
    outbound: { fetch: net.fetch, resolve: createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch }) },
    mcpServers: [],
    signal,
  });
  const context: ToolContext = { signal, userId: 'u', conversationId: 'c', network: agent.network };
  const settled: string[] = [];
  const run = (calls: CollectedCall[]) =>
    runToolCalls(calls, {
      tools: new Map(agent.tools.map((tool) => [tool.wireName, tool])),
      runtime,
      context,
      callsPerTurn,
      onResult: (call) => settled.push(call.id),
    });
  return { run, settled, most: () => most, pets: agent.tools[1]!.wireName };
}

describe('runToolCalls', () => {
  it('runs at most four calls at once and answers them in the calls\u2019 order', async () => {
    const { run, most, pets, settled } = harness();
    const calls = Array.from({ length: 7 }, (_, i) => ({ id: `c${i}`, wireName: pets, args: '{}' }));
    const results = await run(calls);
    expect(results?.map((result) => [result.callId, result.output])).toEqual(calls.map((call) => [call.id, 'ok']));
    expect(most()).toBe(4);
    expect(settled.sort()).toEqual(calls.map((call) => call.id).sort());
  });

  it('answers calls it cannot run with error results the model can read', async () => {
    const { run } = harness(3);
    const results = await run([
      { id: 'a', wireName: 'calculator', args: '{"input":' },
      { id: 'b', wireName: 'calculator', args: '[1]' },
      { id: 'c', wireName: 'no_such_tool', args: '{}' },
      { id: 'd', wireName: 'calculator', args: '{"input":"1+1"}' },
    ]);
    expect(results?.map((result) => result.output)).toEqual([
      'Error processing tool calculator: the arguments are not valid JSON',
      'Error processing tool calculator: the arguments must be a JSON object',
      'Error processing tool no_such_tool: this agent has no such tool',
      'Error processing tool calculator: more than 3 tool calls in one turn',
    ]);
    expect(results?.every((result) => result.isError)).toBe(true);
  });
});
