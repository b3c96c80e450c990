import type { EndpointsConfig } from '@contract/config';
import type { BuiltInEndpoint } from '@contract/endpoints';

/** One entry of the endpoints menu, as the controls need it. */
export interface EndpointOption {
  /** The endpoint's name: the key of `GET /api/endpoints`. */
  name: string;
  /** What the menu shows. */
  label: string;
  /** `custom` for custom endpoints, the built-in name otherwise (ChatSetup.endpointType). */
  type: string;
  iconURL?: string;
  /** The user brings the API key. */
  userProvide: boolean;
  /** The user brings the base URL. */
  userProvideURL: boolean;
}

/** Product names: shown as they are in every language. */
const BUILT_IN_LABELS: Record<BuiltInEndpoint, string> = {
  openAI: 'OpenAI',
  azureOpenAI: 'Azure OpenAI',
  google: 'Google',
  anthropic: 'Anthropic',
  bedrock: 'AWS Bedrock',
  assistants: 'Assistants',
  azureAssistants: 'Azure Assistants',
  agents: 'Agents',
  gptPlugins: 'Plugins',
  chatGPTBrowser: 'ChatGPT',
  custom: 'Custom',
};

const builtInLabel = (name: string): string | undefined =>
  Object.entries(BUILT_IN_LABELS).find(([builtIn]) => builtIn === name)?.[1];

/**
 * The configured endpoints in the server's order (ties keep the answer's order): custom
 * endpoints by their display label or name, built-ins by their product name.
 */
export function endpointOptions(config: EndpointsConfig | undefined): EndpointOption[] {
  if (!config) return [];
  return Object.entries(config)
    .map(([name, entry], index) => ({ name, entry, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
    .map(({ name, entry }) => ({
      name,
      // A custom endpoint is known by its configured name; modelDisplayLabel names its replies.
      label: entry.type === 'custom' ? name : (builtInLabel(name) ?? name),
      type: entry.type ?? name,
      ...(entry.iconURL ? { iconURL: entry.iconURL } : {}),
      userProvide: entry.userProvide === true,
      userProvideURL: entry.userProvideURL === true,
    }));
}

/** The setup's `endpointType` for an endpoint name: `custom` for custom endpoints. */
export function endpointTypeOf(config: EndpointsConfig | undefined, endpoint: string): string {
  return config?.[endpoint]?.type ?? endpoint;
}

/** Whether the user must bring something (key or base URL) before using this endpoint. */
export function needsUserKey(config: EndpointsConfig | undefined, endpoint: string | null | undefined): boolean {
  const entry = endpoint ? config?.[endpoint] : undefined;
  return entry?.userProvide === true || entry?.userProvideURL === true;
}

/**
 * The endpoint whose key and settings a chat on `endpoint` uses. Legacy plugins chats
 * (`gptPlugins`) run on OpenAI with their tools: the menu does not list plugins (there is no
 * plugin picker), but one imported or saved before goes on while OpenAI is offered.
 */
export function servingEndpoint<T extends string | null | undefined>(endpoint: T): T | 'openAI' {
  return endpoint === 'gptPlugins' ? 'openAI' : endpoint;
}

/**
 * Whether the instance offers `endpoint`. Only a loaded list can say no: while it loads, or
 * with no endpoint chosen, the answer is yes (the composer has other ways to say it waits).
 */
export function isEndpointOffered(config: EndpointsConfig | undefined, endpoint: string | null | undefined): boolean {
  const served = servingEndpoint(endpoint);
  return !config || !served || config[served] !== undefined;
}
