import { useTranslation } from '@/lib/i18n/react';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { summarizeAgent, useAgentSummary } from '@/shared/agents/agent-summary';
import { useAgentsList } from '@/shared/agents/api/list-agents';
import { useChatSetup } from '../chat-setup-context';
import { OptionPicker } from './option-picker';

/**
 * The agents the user can see (own and shared with everyone), searchable by name and
 * description. Picking one makes it the conversation's agent; the button shows its avatar and
 * name. Shown in place of the model menu while the endpoint is `agents`.
 */
export function AgentSelect({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { setup, update } = useChatSetup();
  const list = useAgentsList();
  const agents = (list.data?.data ?? []).map(summarizeAgent);
  // The chosen agent may be past the first page, or shared and then unshared: its own answer names it.
  const chosen = useAgentSummary(setup.agent_id);
  const options = agents.map((agent) => ({
    value: agent.id,
    label: agent.name,
    ...(agent.description ? { description: agent.description } : {}),
    icon: <AgentAvatar name={agent.name} avatarUrl={agent.avatarUrl} />,
  }));
  if (chosen && !options.some((option) => option.value === chosen.id)) {
    options.unshift({
      value: chosen.id,
      label: chosen.name,
      icon: <AgentAvatar name={chosen.name} avatarUrl={chosen.avatarUrl} />,
    });
  }

  return (
    <OptionPicker
      className="max-w-56"
      label={t('com_ui_agent')}
      value={setup.agent_id}
      options={options}
      searchable
      searchLabel={t('com_ui_agents_search')}
      placeholder={t('com_endpoint_agent_placeholder')}
      emptyText={list.isPending ? t('com_ui_loading') : t('com_ui_agents_none')}
      disabled={disabled}
      icon={chosen ? <AgentAvatar name={chosen.name} avatarUrl={chosen.avatarUrl} /> : undefined}
      onSelect={(agentId) => update(setup.spec ? { agent_id: agentId, spec: null } : { agent_id: agentId })}
    />
  );
}
