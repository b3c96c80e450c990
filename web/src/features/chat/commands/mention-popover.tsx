import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { summarizeAgent } from '@/shared/agents/agent-summary';
import { useAgentsList } from '@/shared/agents/api/list-agents';
import { EndpointIcon } from '@/shared/endpoint-icon/endpoint-icon';
import { usePresets } from '../presets/api/get-presets';
import { PresetStackIcon } from '../presets/components/preset-icons';
import { usePresetsEnabled } from '../presets/hooks/use-presets-enabled';
import { useChatSetup } from '../setup/chat-setup-context';
import { useSetupSources } from '../setup/hooks/use-setup-sources';
import { useUserKeyStates } from '../setup/hooks/use-user-key-states';
import { type EndpointOption, endpointOptions, endpointTypeOf, servingEndpoint } from '../setup/lib/endpoint-options';
import { readLastModels } from '../setup/lib/setup-storage';
import { setupVisibility } from '../setup/lib/setup-visibility';
import { type CommandOption, CommandList } from './command-list';
import { showsCommandList } from './lib/command-trigger';
import { addedModelOf } from './lib/added-options';
import { filterMentions, type MentionEntry, mentionChange, mentionEntries } from './lib/mention-options';
import { useCommandKeys } from './use-command-keys';
import type { AddedModel } from '../stream/added-run';

interface MentionPopoverProps {
  /** What was typed after `@`. */
  query: string;
  /** A choice was made (and applied): the `@…` text goes. */
  onChosen(): void;
  /** Escape: the list closes and the text stays. */
  onClose(): void;
  /** The chosen endpoint takes the user's own key and it is not set: ask for it. */
  onKeyNeeded(endpoint: EndpointOption): void;
  /**
   * The `+` list: the choice is not applied to the conversation but handed here, as the model
   * added to the turn (lib/added-options.ts).
   */
  onPick?: (added: AddedModel) => void;
}

const GROUP_KEYS = {
  spec: 'com_ui_mention_group_specs',
  endpoint: 'com_ui_mention_group_endpoints',
  model: 'com_ui_mention_group_models',
  preset: 'com_ui_mention_group_presets',
  agent: 'com_ui_mention_group_agents',
} as const;

/**
 * The `@` list: switch the conversation to a model spec, endpoint, model, preset or agent, as
 * the header's menus would, without leaving the message box. Offers what those menus offer
 * (the interface toggles and an enforced model spec hide the same things).
 */
export function MentionPopover({ query, onChosen, onClose, onKeyNeeded, onPick }: MentionPopoverProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { setup, update, replace } = useChatSetup();
  const sources = useSetupSources();
  const visibility = setupVisibility(sources.startupConfig, { canUseTemporaryChat: false, hasParameters: false });
  const allEndpoints = endpointOptions(sources.endpoints);
  const endpoints = visibility.endpointsMenu ? allEndpoints : [];
  const offersAgents = endpoints.some((endpoint) => endpoint.name === 'agents');
  const agents = useAgentsList('', offersAgents);
  const presetsEnabled = usePresetsEnabled();
  const presets = usePresets({ enabled: presetsEnabled });
  const keyed = endpoints.filter((endpoint) => endpoint.userProvide || endpoint.userProvideURL);
  const keyStates = useUserKeyStates(keyed.map((endpoint) => endpoint.name));

  const entries = filterMentions(
    mentionEntries({
      specs: visibility.specsMenu ? sources.specs : [],
      endpoints,
      // Without the endpoint menu the model menu offers the current endpoint's models only.
      modelEndpoints: !visibility.modelSelect
        ? []
        : visibility.endpointsMenu
          ? allEndpoints
          : allEndpoints.filter((endpoint) => endpoint.name === servingEndpoint(setup.endpoint)),
      models: sources.models,
      presets: presetsEnabled ? (presets.data ?? []) : [],
      agents: offersAgents ? (agents.data?.data ?? []).map(summarizeAgent) : [],
    }),
    query,
  );

  const choose = (entry: MentionEntry | undefined) => {
    if (!entry) return;
    let switchedTo: string | undefined;
    if (onPick) {
      const added = addedModelOf(entry, setup, sources, readLastModels());
      onPick(added);
      switchedTo = added.setup.endpoint ?? undefined;
    } else {
      const change = mentionChange(entry.target, setup, sources, readLastModels());
      if (change && 'update' in change) update(change.update);
      if (change && 'replace' in change) replace(change.replace);
      switchedTo = change && 'replace' in change ? (change.replace.endpoint ?? undefined) : undefined;
      // Only `@` applies a preset to the chat; `+` shows what it added in its chip.
      if (entry.target.kind === 'preset')
        showToast({ message: t('com_endpoint_preset_applied', { title: entry.target.preset.title }) });
    }
    onChosen();
    const endpoint = allEndpoints.find((candidate) => candidate.name === switchedTo);
    if (endpoint && (endpoint.userProvide || endpoint.userProvideURL) && keyStates[endpoint.name] !== true) {
      onKeyNeeded(endpoint);
    }
  };

  const shown = showsCommandList(query, entries.length);
  const label = onPick ? 'com_ui_add_model_list' : 'com_ui_mention_list';
  const { active, setActive } = useCommandKeys({
    count: entries.length,
    shown,
    query,
    onChoose: (index) => choose(entries[index]),
    onClose,
  });
  if (!shown) return null;

  const options: CommandOption[] = entries.map((entry) => ({
    id: entry.id,
    label: entry.label,
    ...(entry.description ? { description: entry.description } : {}),
    group: t(GROUP_KEYS[entry.target.kind]),
    icon: <MentionIcon entry={entry} endpointType={(name) => endpointTypeOf(sources.endpoints, name)} />,
  }));
  return (
    <CommandList
      label={t(label)}
      options={options}
      active={active}
      onChoose={(index) => choose(entries[index])}
      onHover={setActive}
      emptyText={t('com_ui_mention_none')}
    />
  );
}

function MentionIcon({ entry, endpointType }: { entry: MentionEntry; endpointType(name: string): string }) {
  const { target } = entry;
  switch (target.kind) {
    case 'spec':
      return (
        <EndpointIcon
          type={endpointType(target.spec.preset.endpoint)}
          label={target.spec.label}
          iconURL={target.spec.iconURL}
          decorative
        />
      );
    case 'endpoint':
    case 'model':
      return (
        <EndpointIcon
          type={target.endpoint.type}
          label={target.endpoint.label}
          iconURL={target.endpoint.iconURL}
          decorative
        />
      );
    case 'preset':
      return <PresetStackIcon className="size-5 text-text-secondary" />;
    case 'agent':
      return <AgentAvatar name={target.agent.name} avatarUrl={target.agent.avatarUrl} />;
  }
}
