/**
 * The RunSpec as this object keeps it: what it writes to its storage, and the check of a spec
 * arriving over `/run`.
 */
import { RUN_SPEC_VERSION, type RunSpec } from '../../worker/engine/run-spec';

/**
 * The agent as stored: which agent and which tools (key and wire name), never how a tool runs
 * (its exec holds decrypted credentials, action auth and MCP headers).
 */
export interface StoredAgent {
  id: string;
  name: string | null;
  /** The model the provider ran, when not the spec's (AgentRunSpec.model): usage is priced by it. */
  model?: string;
  tools: { key: string; wireName: string }[];
}

/**
 * The spec as stored in the DO's SQLite: no credentials (only the live run needs them) and no
 * prompt (it can be long; the run stores the messages it answers apart, see RunStore.saveTurn).
 */
export type StoredRunSpec = Omit<RunSpec, 'provider' | 'title' | 'turn' | 'agent'> & {
  titled: boolean;
  agent: StoredAgent | null;
};

export function storedSpec(spec: RunSpec): StoredRunSpec {
  const { provider: _provider, title, turn: _turn, agent, ...rest } = spec;
  return {
    ...rest,
    titled: title !== null,
    agent: agent
      ? {
          id: agent.id,
          name: agent.name,
          ...(agent.model ? { model: agent.model } : {}),
          tools: agent.tools.map(({ key, wireName }) => ({ key, wireName })),
        }
      : null,
  };
}

/**
 * A structural check of a spec arriving at the DO. The only sender is this app's worker, so
 * this guards against version skew during a deploy, not against hostile input.
 */
export function isRunSpec(value: unknown): value is RunSpec {
  if (typeof value !== 'object' || value === null) return false;
  const spec: Record<string, unknown> = { ...value };
  return (
    spec.version === RUN_SPEC_VERSION &&
    typeof spec.runId === 'string' &&
    typeof spec.userId === 'string' &&
    typeof spec.responseMessageId === 'string' &&
    typeof spec.parentMessageId === 'string' &&
    typeof spec.conversation === 'object' &&
    spec.conversation !== null &&
    typeof spec.provider === 'object' &&
    spec.provider !== null &&
    typeof spec.turn === 'object' &&
    spec.turn !== null
  );
}
