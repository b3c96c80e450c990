/** Chained agents for the ConversationDO's chain tests: each on the test provider with its own model. */
import type { AgentToolSpec, ChainedAgentRun } from '../../engine/agent-spec';
import { agentSpec } from './agent-fixtures';
import { TEST_BASE_URL } from './run-fixtures';

/** An agent of a chain named `name`, running `model` with the calculator and `tools`. */
export function chainedAgent(id: string, name: string, model: string, tools: AgentToolSpec[] = []): ChainedAgentRun {
  return {
    kind: 'run',
    agent: { ...agentSpec(tools), id, name, model },
    provider: { provider: 'openai', target: { baseURL: TEST_BASE_URL, apiKey: 'sk-test' } },
    parameters: { temperature: 0.5 },
    system: `You are ${name}.`,
    keySource: 'system',
  };
}
