/**
 * The tool loop of an agent run: the model is called with the agent's tools; when its turn ends
 * with tool calls, the turn is journalled (before any tool runs, so an eviction knows the calls),
 * the calls run, each result is shown and journalled as it settles, and the model is called
 * again with its turn and the results. It ends when a turn makes no call, after the first tool
 * round of an agent that ends after its tools, at the recursion limit (LangGraph's count: each model turn and each tool round is a step), on a stop, or on a failure.
 * A plain run (no agent) never comes here: Run streams its one turn itself.
 */
import { MAX_TOOL_CALLS_PER_RUN, REPLY_TOOL_OUTPUT_MAX_BYTES, type AgentRunSpec } from '../../worker/engine/agent-spec';
import { errorText, type KeySource } from '../../worker/engine/error-text';
import type { ToolRuntime } from '../../worker/agent-tools';
import type { ToolAttachment, ToolContext, ToolSource } from '../../worker/agent-tools/types';
import type { AssistantMessage, ChatRequest } from '../../worker/providers/types';
import type { ActionSignIns } from './action-sign-in';
import type { ContentBuilder } from './content-builder';
import { ReplyOutputBudget } from './output-budget';
import type { RunOutcome } from './outcome';
import type { RunStore } from './run-store';
import { runToolCalls } from './tool-runner';
import { TurnCollector, type CollectedCall } from './turn-collector';

export interface AgentLoopHost {
  agent: AgentRunSpec;
  runId: string;
  keySource: KeySource;
  builder: ContentBuilder;
  store: RunStore;
  /** The journal's next step number (a chain's agents share one journal). */
  nextStepSeq(): number;
  runtime: ToolRuntime;
  context: ToolContext;
  /** Sign-ins to OAuth actions; without them, an OAuth action with no token fails at once. */
  signIns: ActionSignIns | undefined;
  /** Streams one turn through the run (frames, usage, finish reason); throws when the provider fails. */
  streamTurn(request: ChatRequest, collector: TurnCollector): Promise<void>;
  /** Frames for every subscriber and the replay buffer. */
  emit(frames: string): void;
  /** Writes the buffered frames and the snapshot now, in the caller's synchronous turn. */
  checkpoint(): void;
  /** Before each later turn, as before the first: the balance must still cover a request. */
  checkBalance(): Promise<void>;
  finishReason(): string | undefined;
}

/** What a `model` step row holds. */
export interface ModelStepData {
  turn: number;
  assistant: AssistantMessage;
  calls: { callId: string; wireName: string; key: string }[];
}

/** What a `result` step row holds. */
export interface ResultStepData {
  key: string;
  output: string;
  isError: boolean;
  durationMs: number;
  /** Files the tool produced (already stored), for the call's record. */
  attachments?: ToolAttachment[];
  /** A search call's pages, which the reply cites by number. */
  sources?: ToolSource[];
}

export function recursionLimitText(limit: number): string {
  return `Recursion limit of ${limit} reached without hitting a stop condition.`;
}

export async function runAgentLoop(host: AgentLoopHost, first: ChatRequest): Promise<RunOutcome> {
  const { agent, context } = host;
  const byWireName = new Map(agent.tools.map((tool) => [tool.wireName, tool]));
  let request: ChatRequest = {
    ...first,
    tools: agent.tools.map(({ wireName, description, parameters }) => ({ name: wireName, description, parameters })),
  };
  const journal = (kind: 'model' | 'result', data: ModelStepData | ResultStepData, call?: CollectedCall): void => {
    const partIndex = call ? host.builder.toolCallIndex(call.id) : null;
    const step = { seq: host.nextStepSeq(), kind, callId: call?.id ?? null, partIndex, data: JSON.stringify(data) };
    host.store.appendStep(host.runId, step, Date.now());
    host.checkpoint();
  };
  let steps = 0;
  const { limits } = agent;
  const callsPerRun = limits.callsPerRun ?? MAX_TOOL_CALLS_PER_RUN;
  let callsBefore = 0;
  const budget = new ReplyOutputBudget(limits.replyOutputMaxBytes ?? REPLY_TOOL_OUTPUT_MAX_BYTES);
  try {
    for (let turn = 1; ; turn += 1) {
      const collector = new TurnCollector();
      try {
        await host.streamTurn(request, collector);
      } catch (error) {
        // The first turn fails as a plain run does; a later one keeps what the earlier turns did.
        if (turn === 1 || context.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        host.builder.errorPart(`An error occurred while processing the request: ${message}`);
        return { kind: 'cut', errorText: errorText(error, host.keySource) };
      }
      steps += 1;
      if (context.signal.aborted) return { kind: 'aborted' };
      const calls = collector.toolCalls;
      if (calls.length === 0) return { kind: 'complete', finishReason: host.finishReason() ?? 'stop' };
      if (steps + 1 > agent.recursionLimit) {
        host.builder.errorPart(recursionLimitText(agent.recursionLimit));
        return { kind: 'complete', finishReason: 'stop' };
      }
      const assistant = collector.assistantMessage();
      journal('model', {
        turn,
        assistant,
        calls: calls.map((call) => ({
          callId: call.id,
          wireName: call.wireName,
          key: byWireName.get(call.wireName)?.key ?? call.wireName,
        })),
      });
      const results = await runToolCalls(calls, {
        tools: byWireName,
        runtime: host.runtime,
        context,
        callsPerTurn: limits.callsPerTurn,
        run: { callsPerRun, callsBefore },
        fit: (result) => budget.fit(result),
        signInFor: (call) => {
          const { signIns } = host;
          if (!signIns) return undefined;
          return (actionId, config, signal) =>
            signIns.signIn(actionId, config, signal, (link, expiresAt) =>
              host.emit(host.builder.toolCallAuth(call.id, link, expiresAt)),
            );
        },
        onResult: (call, key, result, durationMs) => {
          const { output, isError, sources, attachments } = result;
          host.emit(host.builder.completeToolCall(call.id, output, sources));
          for (const file of attachments ?? [])
            host.emit(host.builder.attachImage(call.id, file, context.conversationId));
          const extra = { ...(attachments ? { attachments } : {}), ...(sources?.length ? { sources } : {}) };
          journal('result', { key, output, isError, durationMs, ...extra }, call);
        },
      });
      callsBefore += calls.length;
      if (results === null) return { kind: 'aborted' };
      if (agent.endAfterTools) return { kind: 'complete', finishReason: 'stop' };
      steps += 1;
      request = { ...request, messages: [...request.messages, assistant, { role: 'tool', results }] };
      await host.checkBalance();
    }
  } finally {
    await host.runtime.mcp.closeAll();
  }
}
