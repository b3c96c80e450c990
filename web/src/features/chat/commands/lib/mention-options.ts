import type { ModelSpec } from '@contract/config';
import type { ModelsResponse } from '@contract/messages';
import type { Preset } from '@contract/presets';
import type { AgentSummary } from '@/shared/agents/agent-summary';
import type { ChatSetup } from '@/shared/conversation/types';
import { presetToSetup } from '../../presets/lib/preset-setup';
import type { EndpointOption } from '../../setup/lib/endpoint-options';
import { type SetupSources, setupForEndpoint } from '../../setup/lib/initial-setup';
import { setupFromSpec } from '../../setup/lib/model-specs';
import { filterByQuery } from '../../setup/lib/model-search';

/** What an `@` option switches the conversation to. */
export type MentionTarget =
  | { kind: 'spec'; spec: ModelSpec }
  | { kind: 'endpoint'; endpoint: EndpointOption }
  | { kind: 'model'; endpoint: EndpointOption; model: string }
  | { kind: 'preset'; preset: Preset }
  | { kind: 'agent'; agent: AgentSummary };

export interface MentionEntry {
  id: string;
  label: string;
  description?: string;
  target: MentionTarget;
}

export interface MentionSources {
  specs: readonly ModelSpec[];
  /** The endpoints the endpoint menu would offer (empty when the interface hides it). */
  endpoints: readonly EndpointOption[];
  /** The endpoints whose models are listed (none when the interface hides the model menu). */
  modelEndpoints: readonly EndpointOption[];
  models: ModelsResponse | undefined;
  presets: readonly Preset[];
  agents: readonly AgentSummary[];
}

/**
 * Every choice `@` offers, in the order the header's menus show them: model specs, endpoints,
 * each endpoint's models, presets, agents. The agents endpoint's choice is an agent, not a model.
 */
export function mentionEntries(sources: MentionSources): MentionEntry[] {
  const labelOf = (name: string | undefined) =>
    [...sources.endpoints, ...sources.modelEndpoints].find((endpoint) => endpoint.name === name)?.label ?? name;
  return [
    ...sources.specs.map((spec) => ({
      id: `spec:${spec.name}`,
      label: spec.label,
      ...(spec.description ? { description: spec.description } : {}),
      target: { kind: 'spec', spec } as const,
    })),
    ...sources.endpoints.map((endpoint) => ({
      id: `endpoint:${endpoint.name}`,
      label: endpoint.label,
      target: { kind: 'endpoint', endpoint } as const,
    })),
    ...sources.modelEndpoints
      .filter((endpoint) => endpoint.name !== 'agents')
      .flatMap((endpoint) =>
        (sources.models?.[endpoint.name] ?? []).map((model) => ({
          id: `model:${endpoint.name}:${model}`,
          label: model,
          description: endpoint.label,
          target: { kind: 'model', endpoint, model } as const,
        })),
      ),
    ...sources.presets.map((preset) => {
      const about = [labelOf(preset.endpoint ?? undefined), preset.model].filter(Boolean).join(' · ');
      return {
        id: `preset:${preset.presetId}`,
        label: preset.title,
        ...(about ? { description: about } : {}),
        target: { kind: 'preset', preset } as const,
      };
    }),
    ...sources.agents.map((agent) => ({
      id: `agent:${agent.id}`,
      label: agent.name,
      ...(agent.description ? { description: agent.description } : {}),
      target: { kind: 'agent', agent } as const,
    })),
  ];
}

/** The entries matching every word of `query` in their name or second line ("claude anthropic"). */
export const filterMentions = (entries: readonly MentionEntry[], query: string): MentionEntry[] =>
  filterByQuery(entries, query, (entry) => `${entry.label} ${entry.description ?? ''}`);

/** How a choice changes the setup: merged in, replacing it, or (the current choice again) not at all. */
export type MentionChange = { update: Partial<ChatSetup> } | { replace: ChatSetup } | null;

/**
 * The change the header's menus make for the same choice: a spec or an endpoint starts the
 * setup over (a temporary chat stays temporary); a model on the current endpoint or an agent on
 * the agents endpoint is merged in and leaves any spec; elsewhere it switches endpoint first.
 */
export function mentionChange(
  target: MentionTarget,
  setup: ChatSetup,
  sources: SetupSources,
  lastModels: Readonly<Record<string, string>>,
): MentionChange {
  const temporary = setup.isTemporary ? { isTemporary: true } : {};
  const leaveSpec = setup.spec ? { spec: null } : {};
  switch (target.kind) {
    case 'spec':
      if (setup.spec === target.spec.name) return null;
      return { replace: { ...setupFromSpec(target.spec, sources.endpoints), ...temporary } };
    case 'endpoint':
      if (setup.endpoint === target.endpoint.name) return null;
      return { replace: { ...setupForEndpoint(sources, target.endpoint.name, lastModels), ...temporary } };
    case 'model':
      if (setup.endpoint === target.endpoint.name) {
        return setup.model === target.model ? null : { update: { model: target.model, ...leaveSpec } };
      }
      return {
        replace: {
          ...setupForEndpoint(sources, target.endpoint.name, lastModels),
          model: target.model,
          ...temporary,
        },
      };
    case 'preset':
      return { replace: presetToSetup(target.preset) };
    case 'agent':
      if (setup.endpoint === 'agents') {
        return setup.agent_id === target.agent.id ? null : { update: { agent_id: target.agent.id, ...leaveSpec } };
      }
      return {
        replace: { ...setupForEndpoint(sources, 'agents', lastModels), agent_id: target.agent.id, ...temporary },
      };
  }
}
