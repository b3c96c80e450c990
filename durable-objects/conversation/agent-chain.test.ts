import { env } from 'cloudflare:workers';
import { abortAllDurableObjects, runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import { agentRunSpec, agentSpec, openAIToolTurn, stubAgentNetwork } from '../../worker/test/chat/agent-fixtures';
import { chainedAgent } from '../../worker/test/chat/chain-fixtures';
import { gatedReply, openAITextChunk, openAIStream, sseResponse } from '../../worker/test/chat/provider-replies';
import { conversationStubFor, savedMessages, startRunRequest } from '../../worker/test/chat/run-fixtures';
import { finalFrame, parseSse, readAll, readUntil } from '../../worker/test/chat/sse';

afterEach(() => {
  vi.restoreAllMocks();
});

const calc = (id: string, input: string) => ({ id, name: 'calculator', args: JSON.stringify({ input }) });
const update = (index: number, runId: string, agentId: string) => ({
  type: 'agent_update',
  agent_update: { index, runId, agentId },
});
const calcPart = (id: string, input: string, output: string) => ({
  type: 'tool_call',
  tool_call: { id, name: 'calculator', args: JSON.stringify({ input }), type: 'tool_call', output, progress: 1 },
});

async function savedContent(conversationId: string): Promise<unknown[]> {
  const saved = await savedMessages(conversationId);
  return JSON.parse(saved[1]?.content ?? 'null') as unknown[];
}

describe('ConversationDO: a chain of agents in one reply', () => {
  it('runs the first agent’s tool loop, then the chained agent on its own model with what came before', async () => {
    const user = await createTestUser();
    const writer = chainedAgent('agent_writer', 'Writer', 'writer-model');
    const spec = agentRunSpec(user, agentSpec([], { model: 'first-model', chain: [writer] }));
    const runId = spec.responseMessageId;
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('Computing.', [calc('call_a', '6*7')])),
      () => sseResponse(openAIStream(['It is 42.'], { prompt: 30, completion: 5 })),
      () => sseResponse(openAIStream(['Forty-two, in words.'], { prompt: 50, completion: 7 })),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));

    const updates = frames.filter((f) => f.data.event === 'on_agent_update').map((f) => f.data.data);
    expect(updates).toEqual([update(3, runId, 'agent_writer')]);
    const expected = [
      { type: 'text', text: 'Computing.' },
      calcPart('call_a', '6*7', '42'),
      { type: 'text', text: 'It is 42.' },
      update(3, runId, 'agent_writer'),
      { type: 'text', text: 'Forty-two, in words.' },
    ];
    expect(finalFrame(frames)).toMatchObject({
      responseMessage: { content: expected, finish_reason: 'stop', unfinished: false },
    });
    expect(await savedContent(spec.conversation.conversationId)).toEqual(expected);

    // The chained agent ran its own model, instructions and parameters, and read the first agent's turn.
    const third = net.providerBodies[2] as { model: string; temperature: number; messages: unknown[] };
    expect(net.providerBodies.map((body) => body.model)).toEqual(['first-model', 'first-model', 'writer-model']);
    expect(third.temperature).toBe(0.5);
    expect(third.messages[0]).toEqual({ role: 'system', content: 'You are Writer.' });
    const sent = JSON.stringify(third.messages.at(-1));
    expect(sent).toContain('Compute things');
    expect(sent).toContain('Tester:');
    expect(sent).toContain('[Tool output: 42]');
    expect(sent).toContain('It is 42.');
    expect(sent).not.toContain('"role":"tool"');

    // Each agent's tokens are billed at its own model.
    const { results } = await env.DB.prepare(
      'SELECT model, tokenType, rawAmount FROM transactions WHERE conversationId = ?1 ORDER BY model, tokenType',
    )
      .bind(spec.conversation.conversationId)
      .all();
    expect(results).toEqual([
      { model: 'first-model', tokenType: 'completion', rawAmount: -5 },
      { model: 'first-model', tokenType: 'prompt', rawAmount: -30 },
      { model: 'writer-model', tokenType: 'completion', rawAmount: -7 },
      { model: 'writer-model', tokenType: 'prompt', rawAmount: -50 },
    ]);
  });

  it('runs three agents in order, each calling its own tools, and records every call', async () => {
    const user = await createTestUser();
    const checker = chainedAgent('agent_checker', 'Checker', 'checker-model');
    const writer = chainedAgent('agent_writer', 'Writer', 'writer-model');
    const spec = agentRunSpec(user, agentSpec([], { model: 'first-model', chain: [checker, writer] }));
    const runId = spec.responseMessageId;
    const net = stubAgentNetwork([
      () => sseResponse(openAIStream(['Draft: 2+2 is 5.'])),
      () => sseResponse(openAIToolTurn('', [calc('call_c', '2+2')])),
      () => sseResponse(openAIStream(['Corrected: 4.'])),
      () => sseResponse(openAIStream(['Final: four.'])),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    const expected = [
      { type: 'text', text: 'Draft: 2+2 is 5.' },
      update(1, runId, 'agent_checker'),
      calcPart('call_c', '2+2', '4'),
      { type: 'text', text: 'Corrected: 4.' },
      update(4, runId, 'agent_writer'),
      { type: 'text', text: 'Final: four.' },
    ];
    expect(finalFrame(frames)).toMatchObject({ responseMessage: { content: expected, finish_reason: 'stop' } });
    expect(net.providerBodies.map((body) => body.model)).toEqual([
      'first-model',
      'checker-model',
      'checker-model',
      'writer-model',
    ]);
    const last = JSON.stringify((net.providerBodies[3] as { messages: unknown[] }).messages.at(-1));
    expect(last).toContain('Tester:\\nDraft: 2+2 is 5.');
    expect(last).toContain('Checker:\\n[Tool call: calculator');
    const { results } = await env.DB.prepare('SELECT toolId, partIndex FROM tool_calls WHERE conversationId = ?1')
      .bind(spec.conversation.conversationId)
      .all();
    expect(results).toEqual([{ toolId: 'calculator', partIndex: 2 }]);
  });

  it('ends at an agent the worker found unusable, keeping what came before, with an error part', async () => {
    const user = await createTestUser();
    const writer = chainedAgent('agent_writer', 'Writer', 'writer-model');
    const gone = { kind: 'unusable' as const, id: 'agent_gone', error: 'That agent is not available.' };
    const spec = agentRunSpec(user, agentSpec([], { chain: [gone, writer] }));
    const net = stubAgentNetwork([() => sseResponse(openAIStream(['First answer.']))]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    const expected = [
      { type: 'text', text: 'First answer.' },
      { type: 'error', error: 'That agent is not available.' },
    ];
    expect(finalFrame(frames)).toMatchObject({ responseMessage: { content: expected } });
    expect(frames.some((f) => f.data.event === 'on_agent_update')).toBe(false);
    expect(net.providerBodies).toHaveLength(1);
  });

  it('keeps the first agent’s answer when a chained agent’s provider fails', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([], { chain: [chainedAgent('agent_w', 'Writer', 'writer-model')] }));
    stubAgentNetwork([
      () => sseResponse(openAIStream(['First answer.'])),
      () => new Response('{"error":{"message":"model overloaded"}}', { status: 500 }),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    const reply = (finalFrame(frames) as { responseMessage: { content: unknown[]; unfinished: boolean } })
      .responseMessage;
    expect(reply.unfinished).toBe(true);
    expect(reply.content.slice(0, 2)).toEqual([
      { type: 'text', text: 'First answer.' },
      update(1, spec.responseMessageId, 'agent_w'),
    ]);
    expect(reply.content[2]).toMatchObject({ type: 'error', error: expect.stringContaining('model overloaded') });
  });
});

describe('ConversationDO: a chain stopped, resumed or evicted', () => {
  async function startInSecondAgent() {
    const user = await createTestUser();
    const spec = agentRunSpec(
      user,
      agentSpec([], {
        chain: [chainedAgent('agent_b', 'Second', 'second-model'), chainedAgent('agent_c', 'Third', 'third-model')],
      }),
    );
    const second = gatedReply();
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('First.', [calc('call_a', '1+1')])),
      () => sseResponse(openAIStream(['Two.'])),
      () => second.answer(),
      () => sseResponse(openAIStream(['never reached'])),
    ]);
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    second.push(openAITextChunk('Second agent speaking'));
    const started = await readUntil(response.body!, (text) => text.includes('Second agent speaking'));
    return { user, spec, stub, started, second, net };
  }
  const sofar = (runId: string) => [
    { type: 'text', text: 'First.' },
    calcPart('call_a', '1+1', '2'),
    { type: 'text', text: 'Two.' },
    update(3, runId, 'agent_b'),
    { type: 'text', text: 'Second agent speaking' },
  ];

  it('replays the whole chain so far, agent_update included, to a client that attaches; abort stops it all', async () => {
    const { user, spec, stub, started, second, net } = await startInSecondAgent();
    const attached = await stub.attach(user.id);
    if (attached.status !== 'live') throw new Error(attached.status);
    const replay = await readUntil(attached.stream, (text) => text.includes('Second agent speaking'));
    const replayed = parseSse(replay.text);
    expect(replayed.filter((f) => f.data.event === 'on_agent_update').map((f) => f.data.data)).toEqual([
      update(3, spec.responseMessageId, 'agent_b'),
    ]);
    expect(replay.text).toContain('"output":"2"');

    const aborted = await stub.abort(user.id);
    if (aborted.status !== 'aborted') throw new Error(aborted.status);
    await vi.waitFor(() => expect(second.cancelled()).toBe(true));
    const payload = JSON.parse(aborted.finalJson) as { responseMessage: { content: unknown[]; finish_reason: string } };
    expect(payload.responseMessage.finish_reason).toBe('incomplete');
    expect(payload.responseMessage.content).toEqual(sofar(spec.responseMessageId));
    // The third agent never ran.
    expect(net.providerBodies.map((body) => body.model)).not.toContain('third-model');
    expect(await savedContent(spec.conversation.conversationId)).toEqual(sofar(spec.responseMessageId));
    await started.reader.cancel();
    await replay.reader.cancel();
  });

  it('finalises an evicted chain from storage with its agent_update part', async () => {
    const { spec, started } = await startInSecondAgent();
    await started.reader.cancel();
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(conversationStubFor(spec))).toBe(true);
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved[1]).toMatchObject({ unfinished: 1, finish_reason: 'incomplete' });
    // The handover is stored as it happens; the second agent's text since then only at the next write.
    const content = JSON.parse(saved[1]?.content ?? 'null') as unknown[];
    expect(content.slice(0, 4)).toEqual(sofar(spec.responseMessageId).slice(0, 4));
  });
});
