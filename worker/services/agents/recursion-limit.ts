/**
 * How many steps an agent's run may take (each model turn and each tool round is one):
 * the agent's own `recursion_limit`, else librechat.yaml `endpoints.agents.recursionLimit`,
 * else 25; never more than `endpoints.agents.maxRecursionLimit` when that is set, never less than 1.
 */
import { DEFAULT_RECURSION_LIMIT } from '../../engine/agent-spec';
import type { AppConfig } from '../config/schema';

export function agentRecursionLimit(own: number | null | undefined, config: AppConfig): number {
  const section = config.endpoints?.agents;
  const wanted = own ?? section?.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  const max = section?.maxRecursionLimit;
  const capped = max !== undefined && max > 0 ? Math.min(wanted, max) : wanted;
  return Math.max(1, Math.floor(capped));
}
