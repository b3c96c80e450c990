import { useTranslation } from 'react-i18next';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { useAgentSummary } from '@/shared/agents/agent-summary';

/** Where the next agent of a chain takes over a reply: a thin rule with that agent's name. */
export function AgentUpdate({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const agent = useAgentSummary(agentId);
  const name = agent?.name ?? agentId;
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
