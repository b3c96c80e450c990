import { useTranslation } from '@/lib/i18n/react';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { summarizeAgent } from '@/shared/agents/agent-summary';
import { useAgentsList } from '@/shared/agents/api/list-agents';

/**
 * Where the next agent of a chain takes over a reply: a thin rule with that agent's picture and
 * name, from the agents list the picker shares (one request for every handover, cached). An agent
 * the user no longer sees (deleted, unshared) is named generically.
 */
export function AgentUpdate({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const { data } = useAgentsList();
  const listed = data?.data.find((agent) => agent.id === agentId);
  const agent = listed ? summarizeAgent(listed) : undefined;
  const name = agent?.name ?? t('com_ui_agent_unknown');
  return (
    <div role="separator" aria-label={t('com_ui_agent_handoff', { name })} className="my-3 flex items-center gap-2">
      <span className="h-px flex-1 bg-border-light" />
      <span className="inline-flex items-center gap-1.5 text-xs text-text-secondary" aria-hidden="true">
        <AgentAvatar name={name} avatarUrl={agent?.avatarUrl} className="size-4 text-[0.625rem]" />
        {t('com_ui_agent_handoff', { name })}
      </span>
      <span className="h-px flex-1 bg-border-light" />
    </div>
  );
}
