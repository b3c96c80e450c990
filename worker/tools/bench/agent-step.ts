/**
 * What a tool step costs inside the conversation's Durable Object, on the deploy bundle in this
 * process: an agent with the calculator is asked (through the mock provider's tool directives)
 * to call it in three rounds, one call each, so every run is four model turns.
 *
 * - Step latency: for each round, the time from the mock provider finishing the turn that asked
 *   for the call to its receiving the next turn's request. It holds the DO reading the call,
 *   running the calculator, storing the step and building the next request; the provider's own
 *   time is outside it.
 * - CPU per tool step: workerd CPU (the Worker, the object and the local stand-ins) of these runs
 *   less that of as many runs of the same agent answering at once without a tool, over three.
 * - D1 rows written per run of three calls, from the resource-usage lines (LOG_RESOURCE_USAGE).
 */
import { performance } from 'node:perf_hooks';
import { emptyUsage, type ResourceUsage } from '../../logging/resource-usage';
import { BENCH_ENDPOINT } from './bench-app';
import { withChatBenchApp } from './chat-bench-app';
import { EDGE_HEADERS, isMessageDelta, readStream, register } from './chat-client';
import { median } from './stats';
import { workerdCpuMs } from './workerd-cpu';

export interface AgentStepCost {
  runs: number;
  /** Median over every round of every run (ms). */
  stepLatencyMs: number;
  cpuMsPerToolStep: number;
  d1RowsWrittenPerRun: number;
  d1QueriesPerRun: number;
}

const RUNS = 10;
const ROUNDS = 3;
const TOOL_PROMPT = `[mock:tool=calc:{"input":"6*7"}][mock:tool-rounds=${ROUNDS}] What is six times seven, three times?`;
const PLAIN_PROMPT = 'What is six times seven?';
const RUN_LINE_TIMEOUT_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UsageLine extends ResourceUsage {
  scope: 'request' | 'run';
}

async function createAgent(origin: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/api/agents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...EDGE_HEADERS },
    body: JSON.stringify({
      name: 'Bench calculator',
      provider: BENCH_ENDPOINT.name,
      model: BENCH_ENDPOINT.model,
      tools: ['calculator'],
    }),
  });
  const agent = (await response.json().catch(() => null)) as { id?: string } | null;
  if (!response.ok || typeof agent?.id !== 'string') {
    throw new Error(`Creating the bench agent failed: HTTP ${response.status} ${JSON.stringify(agent)}`);
  }
  return agent.id;
}

async function chat(origin: string, token: string, agentId: string, text: string): Promise<void> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/agents/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...EDGE_HEADERS,
    },
    body: JSON.stringify({
      text,
      sender: 'User',
      isCreatedByUser: true,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: null,
      messageId: crypto.randomUUID(),
      endpoint: 'agents',
      agent_id: agentId,
    }),
  });
  const { lastData } = await readStream(response, started, isMessageDelta);
  if (!lastData.includes('"final":true'))
    throw new Error(`The agent run did not end with final: ${lastData.slice(0, 200)}`);
}

export async function measureAgentStep(): Promise<AgentStepCost> {
  const lines: UsageLine[] = [];
  const onOutputLine = (text: string) => {
    if (text.includes('"resource_usage"')) lines.push(JSON.parse(text.slice(text.indexOf('{'))) as UsageLine);
  };
  return withChatBenchApp(
    { host: 'in-process', mock: {}, vars: { LOG_RESOURCE_USAGE: 'true' }, titleConvo: false, onOutputLine },
    async (app) => {
      const token = await register(app.url);
      const agentId = await createAgent(app.url, token);
      const runLines = () => lines.filter((line) => line.scope === 'run').length;
      const run = async (text: string) => {
        const before = runLines();
        await chat(app.url, token, agentId, text);
        const deadline = performance.now() + RUN_LINE_TIMEOUT_MS;
        while (runLines() === before) {
          if (performance.now() > deadline) throw new Error('The run logged no resource_usage line.');
          await pause(5);
        }
      };
      // Warm-up: the isolate, the databases and the first objects start.
      await run(TOOL_PROMPT);
      await run(PLAIN_PROMPT);

      const cpuOf = async (text: string) => {
        const before = await workerdCpuMs();
        for (let i = 0; i < RUNS; i += 1) await run(text);
        return (await workerdCpuMs()) - before;
      };
      const plainCpu = await cpuOf(PLAIN_PROMPT);
      app.mock.clearRequests();
      lines.length = 0;
      const toolCpu = await cpuOf(TOOL_PROMPT);

      const turns = app.mock.requests.filter((request) => request.path.startsWith('/v1/chat/completions'));
      if (turns.length !== RUNS * (ROUNDS + 1)) {
        throw new Error(`Expected ${RUNS * (ROUNDS + 1)} model turns, the mock saw ${turns.length}.`);
      }
      const gaps: number[] = [];
      for (let i = 0; i < turns.length; i += 1) {
        const previous = turns[i - 1];
        // The first turn of each run follows the user's send, not a tool step.
        if (i % (ROUNDS + 1) === 0 || previous?.answeredAt === undefined) continue;
        gaps.push((turns[i]?.receivedAt ?? 0) - previous.answeredAt);
      }
      const total = emptyUsage();
      for (const line of lines) {
        for (const key of Object.keys(total) as (keyof ResourceUsage)[]) total[key] += line[key];
      }
      return {
        runs: RUNS,
        stepLatencyMs: median(gaps),
        cpuMsPerToolStep: Math.max(0, toolCpu - plainCpu) / (RUNS * ROUNDS),
        d1RowsWrittenPerRun: total.d1RowsWritten / RUNS,
        d1QueriesPerRun: total.d1Queries / RUNS,
      };
    },
  );
}
