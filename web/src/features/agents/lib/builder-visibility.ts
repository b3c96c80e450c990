import type { EndpointsConfig, StartupConfig } from '@contract/config';

/**
 * Whether the agent builder is offered: the server offers agents, the config keeps the side
 * panel (`interface.sidePanel`, on unless false) and the agents endpoint does not turn the
 * builder off (`disableBuilder`).
 */
export function builderAvailable(
  startup: Pick<StartupConfig, 'interface'> | undefined,
  endpoints: EndpointsConfig | undefined,
): boolean {
  const agents = endpoints?.agents;
  if (!startup || !agents) return false;
  if (startup.interface.sidePanel === false) return false;
  return !('disableBuilder' in agents && agents.disableBuilder === true);
}

/** `endpoints.agents.capabilities`, or none. */
export const agentCapabilities = (endpoints: EndpointsConfig | undefined): readonly string[] =>
  endpoints?.agents?.capabilities ?? [];
