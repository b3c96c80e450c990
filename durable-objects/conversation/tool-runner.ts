/**
 * Runs the tool calls of one model turn: at most MAX_PARALLEL_TOOL_CALLS at once, each with its
 * tool's timeout and the run's signal (worker/agent-tools runTool). A call the loop cannot run
 * (unknown tool, arguments that are not a JSON object, too many calls in the turn) answers an
 * error result the model can read and correct; so does a call past the run's own cap, counted over
 * all its turns. Each result is fitted to the reply's output budget, then handed to `onResult` at
 * once, so its output reaches the clients and the journal while the others still run.
 */
import { MAX_PARALLEL_TOOL_CALLS, type AgentRunSpec, type AgentToolSpec } from '../../worker/engine/agent-spec';
import { createToolRuntime, runTool, toolErrorText, type ToolRuntime } from '../../worker/agent-tools';
import { createDohResolver } from '../../worker/agent-tools/net/doh';
import type { ToolContext, ToolResult } from '../../worker/agent-tools/types';
import type { ToolResultPart } from '../../worker/providers/types';
import type { CollectedCall } from './turn-collector';

/** Arguments larger than this are refused before they are parsed. */
export const TOOL_ARGS_MAX_CHARS = 256 * 1024;

export interface ToolRunnerOptions {
  /** The agent's tools by wire name. */
  tools: ReadonlyMap<string, AgentToolSpec>;
  runtime: ToolRuntime;
  context: ToolContext;
  callsPerTurn: number;
  /** The run's cap on calls, and how many its earlier turns made (refused ones too). */
  run?: { callsPerRun: number; callsBefore: number };
  /** Cuts each output to what the reply has left (output-budget.ts); the model gets the same text. */
  fit?: (result: ToolResult) => ToolResult;
  /** How a call signs the user in to an OAuth action (it shows the link on that call). */
  signInFor?: (call: CollectedCall) => ToolContext['signIn'];
  onResult(call: CollectedCall, key: string, result: ToolResult, durationMs: number): void;
}

/**
 * The tools' network for one run: the runtime's fetch (looked up at each call, so tests that replace
 * it reach the tools too), behind the agent's network policy; and where a tool's images are stored.
 */
export function toolsFor(
  spec: { userId: string; conversation: { conversationId: string } },
  agent: AgentRunSpec,
  signal: AbortSignal,
  storeImage?: ToolContext['storeImage'],
): { runtime: ToolRuntime; context: ToolContext } {
  const net: typeof fetch = (input, init) => fetch(input, init);
  const runtime = createToolRuntime({
    network: agent.network,
    outbound: { fetch: net, resolve: createDohResolver({ resolverUrl: agent.network.dnsResolver, fetch: net }) },
    mcpServers: agent.mcpServers,
    outputMaxBytes: agent.limits.outputMaxBytes,
    signal,
  });
  const { userId, conversation } = spec;
  const { conversationId } = conversation;
  return {
    runtime,
    context: { signal, userId, conversationId, network: agent.network, ...(storeImage ? { storeImage } : {}) },
  };
}

/** The results in the calls' order, or null when the run was stopped before they all settled. */
export async function runToolCalls(
  calls: readonly CollectedCall[],
  options: ToolRunnerOptions,
): Promise<ToolResultPart[] | null> {
  const results: (ToolResultPart | undefined)[] = calls.map(() => undefined);
  const { signal } = options.context;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length && !signal.aborted) {
      const position = next++;
      const call = calls[position];
      if (!call) return;
      const spec = options.tools.get(call.wireName);
      const key = spec?.key ?? call.wireName;
      const started = Date.now();
      let result: ToolResult;
      try {
        const signIn = options.signInFor?.(call);
        const context = signIn ? { ...options.context, signIn } : options.context;
        result = overCap(position, key, options) ?? (await runOne(spec, key, call.args, context, options.runtime));
      } catch {
        // Only a stopped run throws: its unfinished calls are saved without output.
        return;
      }
      if (options.fit) result = options.fit(result);
      results[position] = { type: 'tool_result', callId: call.id, name: call.wireName, ...pick(result) };
      options.onResult(call, key, result, Date.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL_TOOL_CALLS, calls.length) }, worker));
  if (signal.aborted) return null;
  return results.filter((result): result is ToolResultPart => result !== undefined);
}

/** The error result of a call past the turn's or the run's cap, or null when it may run. */
function overCap(position: number, key: string, options: ToolRunnerOptions): ToolResult | null {
  if (position >= options.callsPerTurn) return refused(key, `more than ${options.callsPerTurn} tool calls in one turn`);
  const { run } = options;
  if (run && run.callsBefore + position >= run.callsPerRun)
    return refused(key, `more than ${run.callsPerRun} tool calls in one run`);
  return null;
}

function runOne(
  spec: AgentToolSpec | undefined,
  key: string,
  argsText: string,
  context: ToolContext,
  runtime: ToolRuntime,
): Promise<ToolResult> | ToolResult {
  if (!spec) return refused(key, 'this agent has no such tool');
  if (argsText.length > TOOL_ARGS_MAX_CHARS) return refused(key, 'the arguments are too large');
  let args: unknown;
  try {
    args = JSON.parse(argsText);
  } catch {
    return refused(key, 'the arguments are not valid JSON');
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return refused(key, 'the arguments must be a JSON object');
  return runTool(spec, { ...args }, context, runtime);
}

function refused(key: string, message: string): ToolResult {
  return { output: toolErrorText(key, message), isError: true };
}

function pick({ output, isError }: ToolResult): { output: string; isError: boolean } {
  return { output, isError };
}
