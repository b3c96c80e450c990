import type { EndpointsConfig } from '../contract/config';
import { DEFAULT_ENDPOINT_ORDER, isBuiltInEndpoint, type BuiltInEndpoint } from '../contract/endpoints';
import type { EnvVars } from '../env';
import type { AppConfig, BaseEndpointConfig } from './config/schema';
import { isUserProvided } from './config/schema';
import { commaList } from './env-flags';
import { DEFAULT_AGENT_CAPABILITIES } from './config/schema-endpoints';
import { ephemeralWebSearchKey } from './agents/ephemeral-web-search';

/** Order given to custom endpoints when `ENDPOINTS` does not place them (after built-ins). */
const CUSTOM_ENDPOINTS_LAST = 9999;

interface BuiltInAvailability {
  userProvide: boolean;
  userProvideURL: boolean;
}

/** A key (and optional base URL) from the environment; `user_provided` means each user brings theirs. */
function fromEnv(key: string | undefined, url?: string): BuiltInAvailability | undefined {
  if (!key) return undefined;
  return { userProvide: isUserProvided(key), userProvideURL: isUserProvided(url) };
}

/**
 * Built-in endpoints this build serves and when each counts as configured. An endpoint is
 * listed only when the operator configured it.
 */
const BUILT_IN_AVAILABILITY: Partial<
  Record<BuiltInEndpoint, (env: EnvVars, config: AppConfig) => BuiltInAvailability | undefined>
> = {
  openAI: (env) => fromEnv(env.OPENAI_API_KEY, env.OPENAI_REVERSE_PROXY),
  // Azure is configured by its env key, or by the config's groups (each holding its own key).
  azureOpenAI: (env, config) =>
    fromEnv(env.AZURE_API_KEY) ??
    (config.endpoints?.azureOpenAI ? { userProvide: false, userProvideURL: false } : undefined),
  google: (env) => fromEnv(env.GOOGLE_KEY, env.GOOGLE_REVERSE_PROXY),
  anthropic: (env) => fromEnv(env.ANTHROPIC_API_KEY, env.ANTHROPIC_REVERSE_PROXY),
  bedrock: (env) => fromEnv(env.BEDROCK_AWS_ACCESS_KEY_ID),
};

/** A built-in endpoint's own config section, for those that have the common settings. */
function builtInSection(name: BuiltInEndpoint, config: AppConfig): BaseEndpointConfig | undefined {
  switch (name) {
    case 'openAI':
    case 'google':
    case 'anthropic':
    case 'bedrock':
      return config.endpoints?.[name];
    default:
      return undefined;
  }
}

/**
 * The endpoint's `visionModels` as the client needs them: its own section's, else
 * `endpoints.all`'s (the same precedence as the send's endpoint settings).
 */
function visionModelsEntry(own: BaseEndpointConfig | undefined, config: AppConfig): { visionModels?: string[] } {
  const models = own?.visionModels ?? config.endpoints?.all?.visionModels;
  return models && models.length > 0 ? { visionModels: models } : {};
}

/**
 * `GET /api/endpoints`: the configured endpoints with their order, LibreChat's default order
 * unless `ENDPOINTS` (a comma list, LibreChat's variable) restricts and orders them. Custom
 * endpoints from the config appear under their own name with `type: "custom"`; they are shown
 * when `ENDPOINTS` is unset or lists `custom`.
 */
export function buildEndpointsConfig(config: AppConfig, env: EnvVars): EndpointsConfig {
  const explicit = commaList(env.ENDPOINTS);
  const order: readonly string[] = explicit.length ? explicit : [...DEFAULT_ENDPOINT_ORDER, 'custom'];
  const result: EndpointsConfig = {};

  order.forEach((name, index) => {
    if (!isBuiltInEndpoint(name)) return;
    const availability = BUILT_IN_AVAILABILITY[name]?.(env, config);
    if (availability)
      result[name] = { order: index, ...availability, ...visionModelsEntry(builtInSection(name, config), config) };
  });

  const customIndex = order.indexOf('custom');
  if (!explicit.length || customIndex >= 0) addCustomEndpoints(result, config, customIndex);
  const agents = agentsEntry(result, config, env, order.indexOf('agents'));
  if (agents) result.agents = agents;
  return result;
}

function addCustomEndpoints(result: EndpointsConfig, config: AppConfig, customIndex: number): void {
  for (const endpoint of config.endpoints?.custom ?? []) {
    // A custom endpoint never shadows a configured built-in (the schema already forbids the names).
    if (result[endpoint.name]) continue;
    result[endpoint.name] = {
      order: endpoint.customOrder ?? (customIndex >= 0 ? customIndex : CUSTOM_ENDPOINTS_LAST),
      type: 'custom',
      userProvide: isUserProvided(endpoint.apiKey),
      userProvideURL: isUserProvided(endpoint.baseURL),
      ...(endpoint.modelDisplayLabel ? { modelDisplayLabel: endpoint.modelDisplayLabel } : {}),
      ...(endpoint.iconURL ? { iconURL: endpoint.iconURL } : {}),
      ...visionModelsEntry(endpoint, config),
    };
  }
}

/**
 * `agents`, LibreChat's shape: its order, the capabilities and builder switch of
 * librechat.yaml `endpoints.agents`. Offered when the interface does not turn agents off, the
 * ENDPOINTS list (when set) names it, and an endpoint offered above can run an agent's model
 * (one of `allowedProviders`, when that is set). `webSearch` tells the composer it may offer a
 * chat's web search switch: the operator set up a search tool.
 */
function agentsEntry(
  offered: EndpointsConfig,
  config: AppConfig,
  env: EnvVars,
  orderIndex: number,
): EndpointsConfig[string] | undefined {
  if (orderIndex < 0 || config.interface.agents === false) return undefined;
  const section = config.endpoints?.agents;
  const allowed = section?.allowedProviders;
  const providers = Object.keys(offered).filter((name) => !allowed?.length || allowed.includes(name));
  if (providers.length === 0) return undefined;
  return {
    order: orderIndex,
    userProvide: false,
    disableBuilder: section?.disableBuilder ?? false,
    capabilities: [...(section?.capabilities ?? DEFAULT_AGENT_CAPABILITIES)],
    ...(allowed?.length ? { allowedProviders: [...allowed] } : {}),
    ...(ephemeralWebSearchKey(config, env) ? { webSearch: true } : {}),
  };
}
