import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOOL_CALLS_PER_RUN } from '../../worker/engine/agent-spec';
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
import { readAll } from '../../worker/test/chat/sse';

/** The limits of one agent run as a whole: its number of tool calls, and the tool output its reply keeps. */

afterEach(() => {
  vi.restoreAllMocks();
});

const calc = (id: string, input: string) => ({ id, name: 'calculator', args: JSON.stringify({ input }) });

interface SavedCall {
  type: string;
  tool_call?: { id: string; output?: string };
}

async function savedCalls(conversationId: string): Promise<SavedCall[]> {
  const saved = await savedMessages(conversationId);
  const content = JSON.parse(saved[1]?.content ?? 'null') as SavedCall[];
  return content.filter((part) => part.type === 'tool_call');
}

type ToolMessage = { role: string; tool_call_id?: string; content: string };

function toolMessages(body: Record<string, unknown> | undefined): ToolMessage[] {
  return ((body?.messages ?? []) as ToolMessage[]).filter((message) => message.role === 'tool');
}

describe('ConversationDO: the calls one agent run may make', () => {
  it(`answers every call past ${MAX_TOOL_CALLS_PER_RUN} with an error result instead of running it`, async () => {
    const user = await createTestUser();
    const many = Array.from({ length: MAX_TOOL_CALLS_PER_RUN + 2 }, (_, i) => calc(`call_${i}`, `${i}+1`));
    const spec = agentRunSpec(user, agentSpec([], { limits: { outputMaxBytes: 32_768, callsPerTurn: 1000 } }));
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('', many)),
      () => sseResponse(openAIStream(['Enough.'])),
    ]);
    await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body);
    const outputs = (await savedCalls(spec.conversation.conversationId)).map((part) => part.tool_call?.output);
    expect(outputs).toHaveLength(MAX_TOOL_CALLS_PER_RUN + 2);
    expect(outputs.slice(0, MAX_TOOL_CALLS_PER_RUN)).toEqual(
      many.slice(0, MAX_TOOL_CALLS_PER_RUN).map((_, i) => `${i + 1}`),
    );
    const refused = `Error processing tool calculator: more than ${MAX_TOOL_CALLS_PER_RUN} tool calls in one run`;
    expect(outputs.slice(MAX_TOOL_CALLS_PER_RUN)).toEqual([refused, refused]);
    expect(toolMessages(net.providerBodies[1]).at(-1)?.content).toBe(refused);
  }, 30_000);

  it('counts the calls of every turn of the run', async () => {
    const user = await createTestUser();
    const spec = agentRunSpec(
      user,
      agentSpec([], { limits: { outputMaxBytes: 32_768, callsPerTurn: 16, callsPerRun: 3 } }),
    );
    stubAgentNetwork([
      () => sseResponse(openAIToolTurn('', [calc('call_a', '1+1'), calc('call_b', '2+2')])),
      () => sseResponse(openAIToolTurn('', [calc('call_c', '3+3'), calc('call_d', '4+4')])),
      () => sseResponse(openAIStream(['Done.'])),
    ]);
    await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body);
    const outputs = (await savedCalls(spec.conversation.conversationId)).map((part) => part.tool_call?.output);
    expect(outputs).toEqual(['2', '4', '6', 'Error processing tool calculator: more than 3 tool calls in one run']);
  });
});

describe('ConversationDO: the tool output one reply keeps', () => {
  it('cuts later outputs further once the outputs reach the reply budget, with one note each', async () => {
    const user = await createTestUser();
    const huge = petsTool('/huge');
    const spec = agentRunSpec(
      user,
      agentSpec([huge], { limits: { outputMaxBytes: 1000, callsPerTurn: 16, replyOutputMaxBytes: 1500 } }),
    );
    const call = (id: string) => ({ id, name: huge.wireName, args: '{}' });
    const net = stubAgentNetwork([
      () => sseResponse(openAIToolTurn('', [call('call_1'), call('call_2')])),
      () => sseResponse(openAIToolTurn('', [call('call_3')])),
      () => sseResponse(openAIStream(['Done.'])),
    ]);
    await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body);

    const outputs = (await savedCalls(spec.conversation.conversationId)).map((part) => part.tool_call?.output ?? '');
    const note = /\n\n\[Tool output cut: showing the first (\d+) of (\d+) bytes\.\]$/;
    const shown = outputs.map((output) => output.replace(note, ''));
    // Each output keeps one note, naming what it shows of what the tool answered.
    for (const [index, output] of outputs.entries()) {
      const match = note.exec(output);
      expect(match?.[1]).toBe(String(shown[index]?.length));
      expect(shown[index]).toMatch(/^y*$/);
    }
    const totals = outputs.map((output) => note.exec(output)?.[2]);
    expect(new Set(totals).size).toBe(1);
    // The first to settle keeps its 1000 bytes, the next what is left, the last none.
    const lengths = shown.map((text) => text.length);
    expect([...lengths.slice(0, 2)].sort((a, b) => a - b)[1]).toBe(1000);
    expect(lengths[0]! + lengths[1]!).toBeLessThan(1500);
    expect(lengths[0]! + lengths[1]!).toBeGreaterThan(1400);
    expect(lengths[2]).toBe(0);
    // The model reads exactly what the reply stores.
    const sent = [...toolMessages(net.providerBodies[1]), ...toolMessages(net.providerBodies[2]).slice(2)];
    expect(sent.map((message) => message.content)).toEqual(outputs);
  });
});
