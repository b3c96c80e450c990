import type { EndpointsConfig } from '@contract/config';
import type { ModelsResponse } from '@contract/messages';

/** Endpoints that are no model provider an agent can run on. */
const NOT_PROVIDERS = new Set(['agents', 'assistants', 'azureAssistants', 'gptPlugins', 'chatGPTBrowser']);

/**
 * The providers an agent may use: the configured endpoints (as the chat's endpoint menu lists
 * them, in the server's order) that run models themselves.
 */
export function providerOptions(endpoints: EndpointsConfig | undefined): string[] {
  if (!endpoints) return [];
  return Object.entries(endpoints)
    .filter(([name]) => !NOT_PROVIDERS.has(name))
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
}

/** The provider's models (GET /api/models), keeping the agent's own model when no longer listed. */
export function modelOptions(models: ModelsResponse | undefined, provider: string, current: string): string[] {
  const listed = (provider && models?.[provider]) || [];
  return current && !listed.includes(current) ? [current, ...listed] : listed;
}
