/**
 * The agent part of a RunSpec: the tools the model may call in this run, already resolved by
 * the worker (credentials decrypted, action auth and MCP targets filled in), their wire names,
 * and the run's limits and network policy. The Durable Object runs the tool loop from this alone.
 * Only the live run holds it whole: what the DO stores keeps the ids and names, no secrets.
 */
import type { McpServerTarget } from '../agent-tools/mcp/types';
import type { NetworkPolicy, ToolSpec } from '../agent-tools/types';
import type { ProviderTarget } from '../providers/registry';
import type { ModelParameters } from '../providers/types';
import type { KeySource } from './error-text';

/** LibreChat's default `recursion_limit` of an agent: model turns and tool rounds together. */
export const DEFAULT_RECURSION_LIMIT = 25;

/** At most this many tool calls of one turn run at once (a Worker has six open connections). */
export const MAX_PARALLEL_TOOL_CALLS = 4;

/** Tool calls one run may make, over all its turns; later calls are answered with an error, not run. */
export const MAX_TOOL_CALLS_PER_RUN = 128;

/**
 * The tool outputs one reply keeps in its content, in UTF-8 bytes, all calls together: the reply
 * is one D1 row, and a row holds at most 2 MB. Outputs past this are cut further (with the note).
 */
export const REPLY_TOOL_OUTPUT_MAX_BYTES = 1536 * 1024;

/** A tool as the run knows it: its spec and the name the provider sees (providers/tool-names.ts). */
export interface AgentToolSpec extends ToolSpec {
  wireName: string;
}

export interface AgentToolLimits {
  /** The most bytes of one tool output the model is given (the rest is cut, with a note). */
  outputMaxBytes: number;
  /** Calls of one turn past this many are answered with an error instead of being run. */
  callsPerTurn: number;
  /** Calls of the whole run past this many are answered with an error; MAX_TOOL_CALLS_PER_RUN when unset. */
  callsPerRun?: number;
  /** The bytes of tool output the reply keeps, all calls together; REPLY_TOOL_OUTPUT_MAX_BYTES when unset. */
  replyOutputMaxBytes?: number;
}

export interface AgentRunSpec {
  /** `agent_…`, or `ephemeral` for a chat that enables tools without a saved agent. */
  id: string;
  name: string | null;
  /**
   * The model the provider is asked for, when it is not the spec's `model`: a saved agent's
   * reply is labelled with the agent's id (LibreChat's shape), while its provider runs this.
   */
  model?: string;
  /** LangGraph's count: every model turn and every tool round is a step. */
  recursionLimit: number;
  /**
   * `end_after_tools`: the run ends once a turn's tool calls have their results, without another
   * model turn; the results are the answer (a chain goes on to its next agent).
   */
  endAfterTools?: boolean;
  tools: AgentToolSpec[];
  limits: AgentToolLimits;
  network: NetworkPolicy;
  /** The MCP servers the tools name (ToolExec `mcp` serverName), headers already resolved. */
  mcpServers: McpServerTarget[];
  /**
   * The agents that answer after this one, in order, in the same reply (`agent_ids`): each runs
   * its own tool loop once the previous one has answered. Only a saved agent has a chain.
   */
  chain?: ChainLink[];
}

/** A chained agent resolved by the worker like the first: its own provider, model, instructions and tools. */
export interface ChainedAgentRun {
  kind: 'run';
  /** `id` and `name` label its part of the reply; `model` is the model its provider runs. */
  agent: AgentRunSpec & { model: string };
  provider: ProviderTarget;
  parameters: ModelParameters;
  system: string | null;
  keySource: KeySource;
}

/**
 * A chained agent that cannot run (deleted, no longer shared, its provider or model not offered,
 * a key missing): the chain stops there with this error, keeping what the agents before it said.
 */
export interface UnusableChainedAgent {
  kind: 'unusable';
  id: string;
  error: string;
}

export type ChainLink = ChainedAgentRun | UnusableChainedAgent;

/** The model the provider runs: a saved agent's own, since its reply is labelled with the agent's id. */
export function providerModel(spec: { model: string; agent: Pick<AgentRunSpec, 'model'> | null }): string {
  return spec.agent?.model ?? spec.model;
}
