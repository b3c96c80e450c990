/**
 * A chain of agents in one reply (`agent_ids`): the first agent runs its whole tool loop, then
 * each chained agent in order runs its own (its provider, model, instructions, parameters, tools
 * and recursion limit), reading the conversation and what the agents before it said in this
 * reply. Before a chained agent's parts an `agent_update` part marks where it takes over, so the
 * reply, its replay and its stored content say who said what. The chain stops at a stop, at an
 * agent that ended otherwise than by answering, at an agent the worker found unusable (an error
 * part after what came before), and at a chained agent whose provider fails (likewise).
 */
import type { WireContentPart } from '../../worker/contract/stream';
import type { AgentRunSpec, ChainedAgentRun } from '../../worker/engine/agent-spec';
import { errorText, type KeySource } from '../../worker/engine/error-text';
import { contentTextWithTools } from '../../worker/engine/tool-transcript';
import type { ProviderTarget } from '../../worker/providers/registry';
import type { ChatRequest, RequestMessage } from '../../worker/providers/types';
import type { ContentBuilder } from './content-builder';
import type { RunOutcome } from './outcome';

/** Who runs an agent's model: its provider and whose key that is. */
export interface AgentTarget {
  provider: ProviderTarget;
  keySource: KeySource;
}

export interface ChainHost {
  builder: ContentBuilder;
  signal: AbortSignal;
  emit(frames: string): void;
  /** Writes the buffered frames and the snapshot now: a handover is a step an eviction must not lose. */
  checkpoint(): void;
  /** One agent's tool loop (agent-loop.ts) on its own provider; throws when its first turn fails. */
  runAgent(agent: AgentRunSpec, request: ChatRequest, target: AgentTarget): Promise<RunOutcome>;
}

export async function runAgents(
  host: ChainHost,
  first: AgentRunSpec,
  request: ChatRequest,
  target: AgentTarget,
): Promise<RunOutcome> {
  let outcome = await host.runAgent(first, request, target);
  const names = new Map([[first.id, first.name ?? first.id]]);
  for (const link of first.chain ?? []) {
    if (outcome.kind !== 'complete') return outcome;
    if (host.signal.aborted) return { kind: 'aborted' };
    if (link.kind === 'unusable') {
      host.builder.errorPart(link.error);
      return outcome;
    }
    const { agent } = link;
    const earlier = transcript(host.builder.snapshot().content ?? [], first.id, names);
    names.set(agent.id, agent.name ?? agent.id);
    host.emit(host.builder.agentUpdate(agent.id, new Map(agent.tools.map((tool) => [tool.wireName, tool.key]))));
    host.checkpoint();
    try {
      outcome = await host.runAgent(agent, chainedRequest(request, link, earlier), link);
    } catch (error) {
      if (host.signal.aborted) return { kind: 'aborted' };
      const message = error instanceof Error ? error.message : String(error);
      host.builder.errorPart(`An error occurred while processing the request: ${message}`);
      return { kind: 'cut', errorText: errorText(error, link.keySource) };
    }
  }
  return outcome;
}

/**
 * What the agents so far said in this reply, each under its name. Given as text, not as their
 * turns: the next agent may run another provider with other tools (see tool-transcript.ts).
 */
export function transcript(content: readonly WireContentPart[], firstId: string, names: Map<string, string>): string {
  const sections: { agentId: string; parts: WireContentPart[] }[] = [{ agentId: firstId, parts: [] }];
  for (const part of content) {
    const update = part.type === 'agent_update' ? (part.agent_update as { agentId?: unknown }) : null;
    if (update && typeof update.agentId === 'string') sections.push({ agentId: update.agentId, parts: [] });
    else sections.at(-1)?.parts.push(part);
  }
  return sections
    .map(({ agentId, parts }) => `${names.get(agentId) ?? agentId}:\n${contentTextWithTools(parts) || '(no text)'}`)
    .join('\n\n');
}

/**
 * The chained agent's request: the conversation as the first agent got it, with what the agents
 * before it said added to the message being answered (a user turn stays last, which every
 * provider accepts; an assistant turn last would be read as the start of its own answer).
 */
export function chainedRequest(first: ChatRequest, link: ChainedAgentRun, earlier: string): ChatRequest {
  const note = `The agents before you in this chain have answered this message:\n\n${earlier}`;
  const messages: RequestMessage[] = [...first.messages];
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const content = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
    messages[messages.length - 1] = { role: 'user', content: [...content, { type: 'text', text: note }] };
  } else messages.push({ role: 'user', content: note });
  return {
    model: link.agent.model,
    messages,
    parameters: link.parameters,
    ...(first.signal ? { signal: first.signal } : {}),
    ...(link.system ? { system: link.system } : {}),
  };
}
