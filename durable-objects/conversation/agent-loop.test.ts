import { abortAllDurableObjects, runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import {
  agentRunSpec,
  agentSpec,
  openAIToolTurn,
  petsTool,
  stubAgentNetwork,
} from '../../worker/test/chat/agent-fixtures';
import {
  gatedReply,
  jsonError,
  openAITextChunk,
  openAIStream,
  sseResponse,
} from '../../worker/test/chat/provider-replies';
import { conversationStubFor, savedMessages, startRunRequest } from '../../worker/test/chat/run-fixtures';
import { finalFrame, parseSse, readAll, readUntil } from '../../worker/test/chat/sse';
import { recursionLimitText } from './agent-loop';

afterEach(() => {
  vi.restoreAllMocks();
});

const calc = (id: string, input: string) => ({ id, name: 'calculator', args: JSON.stringify({ input }) });

async function savedContent(conversationId: string): Promise<Record<string, unknown>[]> {
  const saved = await savedMessages(conversationId);
  return JSON.parse(saved[1]?.content ?? 'null') as Record<string, unknown>[];
}

describe('ConversationDO: the agent tool loop', () => {
  it('runs a parallel pair of calls, streams their steps and outputs, and saves the parts in order', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([]));
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('Let me compute.', [calc('call_a', '2+2'), calc('call_b', '3*3')])),
      () => sseResponse(openAIStream(['They are 4 and 9.'])),
    ]);
    const response = await conversationStubFor(spec).fetch(...startRunRequest(spec));
    const frames = parseSse(await readAll(response.body));

    const steps = frames.filter((f) => f.data.event === 'on_run_step').map((f) => f.data.data);
    expect(steps.map((s) => [(s as { type: string }).type, (s as { index: number }).index])).toEqual([
      ['message_creation', 0],
      ['tool_calls', 1],
      ['tool_calls', 2],
      ['message_creation', 3],
    ]);
    const args = frames.filter((f) => f.data.event === 'on_run_step_delta');
    expect(args.length).toBeGreaterThanOrEqual(2);
    const completed = frames
      .filter((f) => f.data.event === 'on_run_step_completed')
      .map((f) => (f.data.data as { result: { index: number; tool_call: { output: string } } }).result);
    expect(completed.map((r) => [r.index, r.tool_call.output]).sort()).toEqual([
      [1, '4'],
      [2, '9'],
    ]);
    const expected = [
      { type: 'text', text: 'Let me compute.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_a',
          name: 'calculator',
          args: '{"input":"2+2"}',
          type: 'tool_call',
          output: '4',
          progress: 1,
        },
      },
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_b',
          name: 'calculator',
          args: '{"input":"3*3"}',
          type: 'tool_call',
          output: '9',
          progress: 1,
        },
      },
      { type: 'text', text: 'They are 4 and 9.' },
    ];
    expect(finalFrame(frames)).toMatchObject({
      responseMessage: { text: 'Let me compute.They are 4 and 9.', content: expected, finish_reason: 'stop' },
    });
    expect(await savedContent(spec.conversation.conversationId)).toEqual(expected);
    // The second request sends the tools, the assistant turn and both results back.
    expect(net.providerBodies).toHaveLength(2);
    const second = net.providerBodies[1] as { messages: Record<string, unknown>[]; tools: unknown[] };
    expect(second.tools).toHaveLength(1);
    expect(second.messages.slice(-3)).toMatchObject([
      { role: 'assistant', tool_calls: [{ id: 'call_a' }, { id: 'call_b' }] },
      { role: 'tool', tool_call_id: 'call_a', content: '4' },
      { role: 'tool', tool_call_id: 'call_b', content: '9' },
    ]);
  });

  it('answers a timed-out call with an error result and gives the model the cut note of a large output', async () => {
    const user = await createTestUser();
    const slow = petsTool('/slow', 100);
    const huge = petsTool('/huge');
    const spec = agentRunSpec(user, agentSpec([slow, huge], { limits: { outputMaxBytes: 1000, callsPerTurn: 16 } }));
    const net = stubAgentNetwork([
      () =>
        sseResponse(
          openAIToolTurn('', [
            { id: 'call_s', name: slow.wireName, args: '{}' },
            { id: 'call_h', name: huge.wireName, args: '{}' },
          ]),
        ),
      () => sseResponse(openAIStream(['Done.'])),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    const content = (finalFrame(frames) as { responseMessage: { content: { tool_call?: { output: string } }[] } })
      .responseMessage.content;
    expect(content[0]?.tool_call?.output).toBe(`Error processing tool ${slow.key}: timed out after 0.1 s`);
    expect(content[1]?.tool_call?.output).toContain('[Tool output cut: showing the first');
    const second = net.providerBodies[1] as { messages: { role: string; content: string }[] };
    const results = second.messages.filter((m) => m.role === 'tool');
    expect(results[0]?.content).toContain('timed out');
    expect(results[1]?.content).toMatch(/^y+\n\n\[Tool output cut: showing the first \d+ of \d+ bytes\.\]$/);
  });

  it('stops at the recursion limit with an error part', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([], { recursionLimit: 3 }));
    const net = stubAgentNetwork([(n) => sseResponse(openAIToolTurn('', [calc(`call_${n}`, `${n}+1`)]))]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    expect(net.providerBodies).toHaveLength(2);
    const content = (finalFrame(frames) as { responseMessage: { content: Record<string, unknown>[] } }).responseMessage
      .content;
    expect(content.at(-1)).toEqual({ type: 'error', error: recursionLimitText(3) });
    expect(content[0]).toMatchObject({ tool_call: { output: '2', progress: 1 } });
  });

  it('ends after the first tool round for an agent that ends after its tools: the results are the answer', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([], { endAfterTools: true }));
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('Computing.', [calc('call_a', '6*7')])),
      () => sseResponse(openAIStream(['This turn must never be asked for.'])),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    expect(net.providerBodies).toHaveLength(1);
    expect(finalFrame(frames)).toMatchObject({ responseMessage: { error: false } });
    const content = await savedContent(spec.conversation.conversationId);
    expect(content.at(-1)).toMatchObject({ type: 'tool_call', tool_call: { output: '42', progress: 1 } });
    expect(JSON.stringify(content)).not.toContain('never be asked');
  });

  it('keeps the first turn and its outputs when the provider fails on the second turn', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([]));
    stubAgentNetwork([
      () => sseResponse(openAIToolTurn('Working.', [calc('call_a', '6*7')])),
      () => jsonError('{"error":{"message":"upstream broke"}}', 500),
    ]);
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));
    expect(finalFrame(frames)).toMatchObject({ responseMessage: { unfinished: true, error: false } });
    const content = await savedContent(spec.conversation.conversationId);
    expect(content[1]).toMatchObject({ tool_call: { output: '42', progress: 1 } });
    expect(content[2]).toMatchObject({
      type: 'error',
      error: expect.stringContaining('An error occurred while processing the request'),
    });
  });
});

describe('ConversationDO: an agent run stopped, resumed or evicted mid-call', () => {
  async function startSlowCall() {
    const user = await createTestUser();
    const slow = petsTool('/slow');
    const spec = agentRunSpec(user, agentSpec([slow]));
    const net = stubAgentNetwork([
      () =>
        sseResponse(
          openAIToolTurn('Checking.', [calc('call_a', '1+1'), { id: 'call_s', name: slow.wireName, args: '{}' }]),
        ),
      () => sseResponse(openAIStream(['never reached'])),
    ]);
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    const started = await readUntil(response.body!, (text) => text.includes('on_run_step_completed'));
    await vi.waitFor(() => expect(net.petsRequests()).toHaveLength(1));
    return { user, spec, stub, started, slow, net };
  }

  it('replays the finished call and the one in flight to a client that attaches, then stops on abort', async () => {
    const { user, spec, stub, started, net } = await startSlowCall();
    const attached = await stub.attach(user.id);
    if (attached.status !== 'live') throw new Error(attached.status);
    const replay = await readUntil(
      attached.stream,
      (text) => text.includes('"call_s"') && text.includes('on_run_step_completed'),
    );
    expect(replay.text).toContain('"output":"2"');
    const aborted = await stub.abort(user.id);
    if (aborted.status !== 'aborted') throw new Error(aborted.status);
    const payload = JSON.parse(aborted.finalJson) as {
      responseMessage: { content: Record<string, unknown>[]; finish_reason: string };
    };
    expect(payload.responseMessage.finish_reason).toBe('incomplete');
    expect(payload.responseMessage.content[1]).toMatchObject({ tool_call: { id: 'call_a', output: '2', progress: 1 } });
    // The call in flight keeps its arguments, without output or progress.
    expect(payload.responseMessage.content[2]).toEqual({
      type: 'tool_call',
      tool_call: { id: 'call_s', name: expect.any(String), args: '{}', type: 'tool_call' },
    });
    expect(net.providerBodies).toHaveLength(1);
    await started.reader.cancel();
    await replay.reader.cancel();
    expect(await savedContent(spec.conversation.conversationId)).toEqual(payload.responseMessage.content);
  });

  it('finalises an evicted run from its journal, with the output of every finished call', async () => {
    const { spec, started } = await startSlowCall();
    await started.reader.cancel();
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(conversationStubFor(spec))).toBe(true);
    const saved = await savedMessages(spec.conversation.conversationId);
    expect(saved[1]).toMatchObject({ unfinished: 1, finish_reason: 'incomplete', text: 'Checking.' });
    const content = JSON.parse(saved[1]?.content ?? 'null') as Record<string, unknown>[];
    expect(content[1]).toMatchObject({ tool_call: { id: 'call_a', output: '2', progress: 1 } });
    expect(content[2]).toMatchObject({ tool_call: { id: 'call_s', args: '{}' } });
    expect(content[2]).not.toHaveProperty('tool_call.output');
  });
});

describe('ConversationDO: stopping an agent run during a later model turn', () => {
  it('cancels the model call and saves the earlier outputs with the text so far', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(user, agentSpec([]));
    const second = gatedReply();
    stubAgentNetwork([() => sseResponse(openAIToolTurn('First.', [calc('call_a', '7*6')])), () => second.answer()]);
    const stub = conversationStubFor(spec);
    const response = await stub.fetch(...startRunRequest(spec));
    second.push(openAITextChunk('The answer is'));
    const started = await readUntil(response.body!, (text) => text.includes('The answer is'));
    const aborted = await stub.abort(user.id);
    if (aborted.status !== 'aborted') throw new Error(aborted.status);
    await vi.waitFor(() => expect(second.cancelled()).toBe(true));
    const payload = JSON.parse(aborted.finalJson) as { responseMessage: { content: unknown[]; finish_reason: string } };
    expect(payload.responseMessage.finish_reason).toBe('incomplete');
    expect(payload.responseMessage.content).toEqual([
      { type: 'text', text: 'First.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_a',
          name: 'calculator',
          args: '{"input":"7*6"}',
          type: 'tool_call',
          output: '42',
          progress: 1,
        },
      },
      { type: 'text', text: 'The answer is' },
    ]);
    await started.reader.cancel();
  });
});
