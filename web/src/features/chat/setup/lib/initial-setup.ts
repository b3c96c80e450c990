import type { EndpointsConfig, ModelSpec } from '@contract/config';
import { conversationOptionsSchema } from '@contract/conversation';
import type { ModelsResponse } from '@contract/messages';
import { DEFAULT_MODELS } from '@contract/model-parameters';
import type { ChatSetup } from '@/shared/conversation/types';
import { endpointOptions, endpointTypeOf } from './endpoint-options';
import { findSpec, setupFromSpec } from './model-specs';

/** What the setup is chosen from: the startup config's specs, `/api/endpoints`, `/api/models`. */
export interface SetupSources {
  specs: readonly ModelSpec[];
  endpoints: EndpointsConfig | undefined;
  models: ModelsResponse | undefined;
  /** The user's default preset, as a setup. */
  defaultPreset?: ChatSetup;
}

const modelsOf = (sources: Pick<SetupSources, 'models'>, endpoint: string): readonly string[] =>
  sources.models?.[endpoint] ?? [];

const defaultModelNames: Readonly<Record<string, string>> = DEFAULT_MODELS;

/** The endpoint's default model when the endpoint offers it, else its first model. */
export function defaultModelFor(sources: Pick<SetupSources, 'models'>, endpoint: string): string | undefined {
  const models = modelsOf(sources, endpoint);
  const preferred = defaultModelNames[endpoint];
  return preferred && models.includes(preferred) ? preferred : models[0];
}

/**
 * A fresh setup on `endpoint`: the model last picked there if it is still offered, else the
 * default model. Parameters start over: each provider has its own ranges.
 */
export function setupForEndpoint(
  sources: SetupSources,
  endpoint: string,
  lastModels: Readonly<Record<string, string>> = {},
): ChatSetup {
  const last = lastModels[endpoint];
  const model = last && modelsOf(sources, endpoint).includes(last) ? last : defaultModelFor(sources, endpoint);
  return { endpoint, endpointType: endpointTypeOf(sources.endpoints, endpoint), ...(model ? { model } : {}) };
}

/**
 * A remembered setup, if it still fits the configuration: the shape must parse, the endpoint
 * must still be offered and so must the model (when the endpoint lists models). A model spec
 * that no longer exists is dropped, the rest kept. Anything else is stale: null.
 */
export function validateStoredSetup(stored: unknown, sources: SetupSources): ChatSetup | null {
  const parsed = conversationOptionsSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { endpoint, model, spec, ...rest } = parsed.data;
  if (!endpoint || !sources.endpoints?.[endpoint]) return null;
  const models = modelsOf(sources, endpoint);
  if (model && models.length > 0 && !models.includes(model)) return null;
  const chosenModel = model || defaultModelFor(sources, endpoint);
  return {
    ...rest,
    endpoint,
    endpointType: endpointTypeOf(sources.endpoints, endpoint),
    ...(chosenModel ? { model: chosenModel } : {}),
    ...(findSpec(sources.specs, spec) ? { spec } : {}),
  };
}

/**
 * A new conversation's setup: the default model spec if one is marked, else the user's
 * default preset while its endpoint is still offered, else the last-used setup while it is
 * still valid, else the first configured endpoint (other than agents, which needs an agent
 * picked) with its default model. With nothing
 * configured it is empty (the composer says the endpoint is not configured).
 */
export function chooseInitialSetup(sources: SetupSources, stored: unknown): ChatSetup {
  const defaultSpec = sources.specs.find((spec) => spec.default === true);
  if (defaultSpec) return setupFromSpec(defaultSpec, sources.endpoints);
  const preset = sources.defaultPreset;
  if (preset?.endpoint && sources.endpoints?.[preset.endpoint]) {
    return { ...preset, endpointType: endpointTypeOf(sources.endpoints, preset.endpoint) };
  }
  const remembered = validateStoredSetup(stored, sources);
  if (remembered) return remembered;
  // The agents endpoint needs an agent picked before anything can be sent: a new chat opens on
  // the first endpoint that can answer at once, and on agents only when it is the one offered.
  const options = endpointOptions(sources.endpoints);
  const first = options.find((option) => option.name !== 'agents') ?? options[0];
  return first ? setupForEndpoint(sources, first.name) : {};
}
