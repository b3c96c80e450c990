import { useState } from 'react';
import { AGENT_LIMITS } from '@contract/agents';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { CloseIcon, Icon } from '@/components/ui/icon';
import { SelectField } from '@/components/ui/select-field';
import { useTranslation } from '@/lib/i18n/react';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { summarizeAgent, type AgentSummary } from '@/shared/agents/agent-summary';
import { useAgentsList } from '@/shared/agents/api/list-agents';

interface ChainFieldProps {
  /** The agent being edited (it cannot follow itself); absent for a new one. */
  agentId: string | undefined;
  agentIds: string[];
  hideSequentialOutputs: boolean;
  onChange: (patch: { agent_ids?: string[]; hide_sequential_outputs?: boolean }) => void;
  readOnly: boolean;
}

/**
 * The agents that answer after this one, in order, each reading what the ones before said: picked
 * from those the user can use, moved up and down, removed; at most AGENT_LIMITS.chainedAgentsMax.
 * An agent in the chain the user no longer sees keeps its place, shown by its id.
 */
export function ChainField({ agentId, agentIds, hideSequentialOutputs, onChange, readOnly }: ChainFieldProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const { data } = useAgentsList();
  const usable = (data?.data ?? []).map(summarizeAgent).filter((agent) => agent.id !== agentId);
  const byId = new Map(usable.map((agent) => [agent.id, agent]));
  const addable = usable.filter((agent) => !agentIds.includes(agent.id));
  const full = agentIds.length >= AGENT_LIMITS.chainedAgentsMax;
  const setIds = (agent_ids: string[]) => onChange({ agent_ids });
  const move = (from: number, to: number) => {
    const next = [...agentIds];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    setIds(next);
  };
  const add = () => {
    if (!adding || full) return;
    setIds([...agentIds, adding]);
    setAdding('');
  };

  return (
    <section className="space-y-2" aria-labelledby="agent-chain-heading">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="agent-chain-heading" className="text-sm font-medium text-text-primary">
          {t('com_agents_chain')}
        </h3>
        <span className="text-xs text-text-secondary">
          {t('com_agents_chain_count', { count: agentIds.length, max: AGENT_LIMITS.chainedAgentsMax })}
        </span>
      </div>
      <p className="text-sm text-text-secondary">{t('com_agents_chain_info')}</p>
      {agentIds.length > 0 && (
        <ol aria-label={t('com_agents_chain')} className="space-y-1.5">
          {agentIds.map((id, index) => (
            <ChainRow
              key={id}
              agent={byId.get(id)}
              id={id}
              position={index + 1}
              readOnly={readOnly}
              onUp={index > 0 ? () => move(index, index - 1) : undefined}
              onDown={index < agentIds.length - 1 ? () => move(index, index + 1) : undefined}
              onRemove={() => setIds(agentIds.filter((other) => other !== id))}
            />
          ))}
        </ol>
      )}
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <SelectField
            aria-label={t('com_agents_chain_pick')}
            value={adding}
            disabled={full || addable.length === 0}
            onChange={(event) => setAdding(event.target.value)}
            options={[
              { value: '', label: t(full ? 'com_agents_chain_full' : 'com_agents_chain_pick') },
              ...addable.map((agent) => ({ value: agent.id, label: agent.name })),
            ]}
            className="min-w-0 flex-1"
          />
          <Button variant="outline" onClick={add} disabled={!adding || full}>
            {t('com_agents_chain_add')}
          </Button>
        </div>
      )}
      <CheckboxField
        label={t('com_agents_capability_hide_sequential')}
        info={t('com_agents_chain_hide_info')}
        checked={hideSequentialOutputs}
        disabled={readOnly}
        onChange={(checked) => onChange({ hide_sequential_outputs: checked })}
      />
    </section>
  );
}

interface ChainRowProps {
  agent: AgentSummary | undefined;
  id: string;
  position: number;
  readOnly: boolean;
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  onRemove: () => void;
}

function ChainRow({ agent, id, position, readOnly, onUp, onDown, onRemove }: ChainRowProps) {
  const { t } = useTranslation();
  const name = agent?.name ?? id;
  const iconButton =
    'inline-flex size-7 items-center justify-center rounded-md text-text-secondary hover:bg-surface-hover disabled:opacity-40';
  return (
    <li className="flex items-center gap-2 rounded-lg border border-border-light px-2 py-1.5 text-sm">
      <span className="w-4 text-end text-xs text-text-secondary">{position}</span>
      <AgentAvatar name={name} avatarUrl={agent?.avatarUrl} className="size-6 text-xs" />
      <span className="min-w-0 flex-1 truncate" title={name}>
        {name}
      </span>
      {!readOnly && (
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={t('com_agents_chain_up', { name })}
            disabled={!onUp}
            onClick={onUp}
          >
            <Icon className="size-4">
              <path d="m18 15-6-6-6 6" />
            </Icon>
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t('com_agents_chain_down', { name })}
            disabled={!onDown}
            onClick={onDown}
          >
            <Icon className="size-4">
              <path d="m6 9 6 6 6-6" />
            </Icon>
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t('com_agents_chain_remove', { name })}
            onClick={onRemove}
          >
            <CloseIcon className="size-4" />
          </button>
        </>
      )}
    </li>
  );
}
