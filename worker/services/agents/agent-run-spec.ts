/**
 * The RunSpec's `agent`: the resolved tools with the names the provider sees, the step limit,
 * the per-call limits and the network policy. The Durable Object runs the tool loop from this.
 */
import { TOOL_OUTPUT_MAX_BYTES } from '../../agent-tools/output-cap';
import type { AgentRunSpec } from '../../engine/agent-spec';
import { toWireNames } from '../../providers/tool-names';
import type { AgentSend } from './agent-send';
import type { ResolvedTools } from './resolve-tools';

/** Calls of one model turn past this many are answered with an error instead of being run. */
export const TOOL_CALLS_PER_TURN = 16;

/** `model`: the model the provider runs. */
export function agentRunSpec(send: AgentSend, model: string, resolved: ResolvedTools): AgentRunSpec {
  const names = toWireNames(resolved.tools.map((tool) => tool.key));
  return {
    id: send.saved?.id ?? 'ephemeral',
    name: send.saved?.name ?? null,
    model,
    recursionLimit: send.recursionLimit,
    ...(send.endAfterTools ? { endAfterTools: true } : {}),
    tools: resolved.tools.map((tool) => ({ ...tool, wireName: names.byKey.get(tool.key) ?? tool.key })),
    limits: { outputMaxBytes: TOOL_OUTPUT_MAX_BYTES, callsPerTurn: TOOL_CALLS_PER_TURN },
    network: send.network,
    mcpServers: resolved.mcpServers,
  };
}
