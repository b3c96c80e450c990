/**
 * The mock provider's scripted tool calls, driven through the app's own provider clients in all
 * four wire formats: a small loop runs the calls, sends the results back, and the mock's final
 * answer proves the outputs reached it. The contract checks (signed thinking, thought
 * signatures) are tried by dropping what a client must echo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamAnthropicChat } from '../../providers/anthropic';
import { streamBedrockChat } from '../../providers/bedrock';
import { streamGoogleChat } from '../../providers/google';
import { streamOpenAIChat } from '../../providers/openai';
import { collectEvents, textOf, toolCallsOf } from '../../providers/testing/collect';
import type {
  AssistantMessage,
  ChatRequest,
  ProviderEvent,
  ReplyPart,
  RequestMessage,
  ToolDefinition,
} from '../../providers/types';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';

let mock: MockOpenAI;
beforeAll(async () => {
  mock = await startMockOpenAI({ apiKey: 'k' });
});
afterAll(async () => {
  await mock.close();
});

type Provider = 'openai' | 'anthropic' | 'google' | 'bedrock';
const PROVIDERS: Provider[] = ['openai', 'anthropic', 'google', 'bedrock'];

const TOOLS: ToolDefinition[] = [
  {
    name: 'calculator_a1b2',
    description: 'Maths',
    parameters: { type: 'object', properties: { input: { type: 'string' } } },
  },
  { name: 'get_time', description: 'The time', parameters: { type: 'object', properties: {} } },
];

function stream(provider: Provider, messages: RequestMessage[], thinking = false): AsyncGenerator<ProviderEvent> {
  const request: ChatRequest = {
    model: {
      openai: 'mock-fast',
      anthropic: 'claude-sonnet-4-20250514',
      google: 'gemini-2.5-flash',
      bedrock: 'anthropic.claude-sonnet-4-20250514-v1:0',
    }[provider],
    messages,
    parameters: thinking ? { thinking: true, thinkingBudget: 1024, maxOutputTokens: 4000 } : { maxOutputTokens: 4000 },
    tools: TOOLS,
  };
  switch (provider) {
    case 'openai':
      return streamOpenAIChat({ baseURL: mock.baseURL, apiKey: 'k' }, request);
    case 'anthropic':
      return streamAnthropicChat({ baseURL: mock.url, apiKey: 'k' }, request);
    case 'google':
      return streamGoogleChat({ baseURL: mock.url, apiKey: 'k' }, request);
    case 'bedrock':
      return streamBedrockChat(
        { endpoint: mock.url, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' },
        request,
      );
  }
}

/** The assistant turn the events describe, as the loop would store and echo it. */
function turnOf(events: readonly ProviderEvent[]): AssistantMessage {
  const content: Array<ReplyPart | { type: 'text'; text: string }> = [];
  let reasoning: { type: 'reasoning'; text: string; signature?: string } | undefined;
  for (const event of events) {
    if (event.type === 'reasoning') {
      reasoning ??= { type: 'reasoning', text: '' };
      if (!content.includes(reasoning)) content.push(reasoning);
      reasoning.text += event.text;
    }
    if (event.type === 'reasoning_signature' && reasoning) reasoning.signature = event.signature;
    if (event.type === 'text') content.push({ type: 'text', text: event.text });
  }
  const signatures = new Map(
    events.flatMap((event) =>
      event.type === 'tool_call_start' && event.signature ? [[event.id, event.signature]] : [],
    ),
  );
  for (const call of toolCallsOf(events)) {
    const signature = signatures.get(call.id);
    content.push({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      args: call.args,
      ...(signature ? { signature } : {}),
    });
  }
  return { role: 'assistant', content };
}

/** Runs the loop: each call's output is `<name>=<args>`; returns every turn's events. */
async function runLoop(provider: Provider, prompt: string, thinking = false): Promise<ProviderEvent[][]> {
  const messages: RequestMessage[] = [{ role: 'user', content: prompt }];
  const turns: ProviderEvent[][] = [];
  for (let round = 0; round < 5; round++) {
    const { events, error } = await collectEvents(stream(provider, messages, thinking));
    expect(error).toBeUndefined();
    turns.push(events);
    if (!events.some((event) => event.type === 'finish' && event.reason === 'tool_calls')) return turns;
    messages.push(turnOf(events), {
      role: 'tool',
      results: toolCallsOf(events).map((call) => ({
        type: 'tool_result',
        callId: call.id,
        name: call.name,
        output: `${call.name}=${call.args}`,
        isError: false,
      })),
    });
  }
  return turns;
}

describe.each(PROVIDERS)('%s: scripted tool calls', (provider) => {
  it('makes parallel calls with split arguments for two rounds, then answers with every output', async () => {
    const turns = await runLoop(
      provider,
      '[mock:tool=calc:{"input":"[2]+2"}][mock:tool=get_t][mock:tool-rounds=2][mock:tool-split=3] go',
    );
    expect(turns).toHaveLength(3);
    for (const events of turns.slice(0, 2)) {
      expect(
        toolCallsOf(events).map(({ name, args, ended }) => ({ name, args: JSON.parse(args) as unknown, ended })),
      ).toEqual([
        { name: 'calculator_a1b2', args: { input: '[2]+2' }, ended: true },
        { name: 'get_time', args: {}, ended: true },
      ]);
      expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'tool_calls' }]);
    }
    const pieces = turns[0]?.filter((event) => event.type === 'tool_call_args' && event.index === 0) ?? [];
    // Gemini sends a call whole; the others stream the arguments in 3-character pieces.
    expect(pieces.length).toBe(provider === 'google' ? 1 : 6);
    const outputs = ['calculator_a1b2={"input":"[2]+2"}', 'get_time={}'];
    expect(textOf(turns[2] ?? [])).toBe(`Tool results: ${[...outputs, ...outputs].join(' | ')}`);
    expect(turns[2]?.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
  });
});

describe('the mock checks what a follow-up must echo', () => {
  it.each(['anthropic', 'bedrock'] as const)(
    '%s with thinking: signs the thinking before calls, and refuses a follow-up that drops or alters it',
    async (provider) => {
      const prompt = '[mock:tool=get_t] time?';
      const turns = await runLoop(provider, prompt, true);
      expect(turns[0]?.some((event) => event.type === 'reasoning_signature')).toBe(true);
      expect(textOf(turns[1] ?? [])).toBe('Tool results: get_time={}');

      const first = turns[0] ?? [];
      const parts = turnOf(first).content as ReplyPart[];
      const call = toolCallsOf(first)[0];
      const results: RequestMessage = {
        role: 'tool',
        results: [{ type: 'tool_result', callId: call?.id ?? '', name: 'get_time', output: '12:00', isError: false }],
      };
      const dropped = parts.filter((part) => part.type !== 'reasoning');
      const altered = parts.map((part) => (part.type === 'reasoning' ? { ...part, text: `${part.text}!` } : part));
      for (const content of [dropped, altered]) {
        const messages: RequestMessage[] = [{ role: 'user', content: prompt }, { role: 'assistant', content }, results];
        const { error } = await collectEvents(stream(provider, messages, true));
        expect(error).toMatchObject({ status: 400 });
      }
    },
  );

  it('Gemini: puts a thoughtSignature on the first call part, and refuses a follow-up that drops it', async () => {
    const prompt = '[mock:tool=calc:{"input":"1"}][mock:tool=get_t] go';
    const turns = await runLoop('google', prompt);
    const starts = (turns[0] ?? []).filter((event) => event.type === 'tool_call_start');
    expect(starts.map((event) => event.type === 'tool_call_start' && event.signature !== undefined)).toEqual([
      true,
      false,
    ]);
    expect(textOf(turns[1] ?? [])).toMatch(/^Tool results: /);

    const turn = turnOf(turns[0] ?? []);
    const stripped: AssistantMessage = {
      role: 'assistant',
      content: (turn.content as ReplyPart[]).map((part) =>
        part.type === 'tool_call' ? { ...part, signature: undefined } : part,
      ),
    };
    const results: RequestMessage = {
      role: 'tool',
      results: toolCallsOf(turns[0] ?? []).map((call) => ({
        type: 'tool_result',
        callId: call.id,
        name: call.name,
        output: 'x',
        isError: false,
      })),
    };
    const { error } = await collectEvents(stream('google', [{ role: 'user', content: prompt }, stripped, results]));
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).toMatch(/thought_signature/);
  });
});
