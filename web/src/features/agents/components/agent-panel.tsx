import '../agents-i18n';
import { CloseIcon } from '@/components/ui/icon';
import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import { useAgent } from '@/shared/agents/api/get-agent';
import { useAgentsList } from '@/shared/agents/api/list-agents';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { usePermission } from '@/shared/config/api/get-role';
import { agentCapabilities } from '../lib/builder-visibility';
import { AgentEditor } from './agent-editor';

export interface AgentPanelProps {
  /** The element's id (the header's toggle controls it). */
  id?: string;
  /** The agent to open first (the conversation's); a new agent's form otherwise. */
  initialAgentId?: string | null;
  onClose: () => void;
}

const NEW_AGENT = '';

/**
 * The agent builder beside the chat: pick one of the agents the user can see, or start a new
 * one, and edit it. On a phone it covers the screen as a sheet.
 */
export function AgentPanel({ id, initialAgentId, onClose }: AgentPanelProps) {
  const { t } = useTranslation();
  const [agentId, setAgentId] = useState<string>(initialAgentId ?? NEW_AGENT);
  const list = useAgentsList();
  const detail = useAgent(agentId || null);
  const capabilities = agentCapabilities(useEndpoints().data);
  const canCreate = usePermission('AGENTS', 'CREATE');
  const canShare = usePermission('AGENTS', 'SHARED_GLOBAL');
  const isAdmin = useCurrentUser().data?.role === 'ADMIN';
  const agents = list.data?.data ?? [];
  const choices = [
    ...(canCreate ? [{ value: NEW_AGENT, label: t('com_agents_new') }] : []),
    ...(!canCreate && agentId === NEW_AGENT ? [{ value: NEW_AGENT, label: t('com_agents_choose_placeholder') }] : []),
    // The agent asked for may not be on the list's first page.
    ...(agentId && !agents.some((agent) => agent.id === agentId)
      ? [{ value: agentId, label: detail.data?.name || agentId }]
      : []),
    ...agents.map((agent) => ({ value: agent.id, label: agent.name || agent.id })),
  ];

  return (
    <aside
      id={id}
      aria-label={t('com_agents_builder')}
      className="fixed inset-0 z-40 flex flex-col bg-surface-primary text-text-primary md:static md:z-auto md:w-[22rem] md:shrink-0 md:border-s md:border-border-light lg:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border-light px-4 py-2.5">
        <h2 className="text-base font-medium">{t('com_agents_builder')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('com_agents_builder_close')}
          className="rounded-lg p-1.5 hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <label htmlFor="agent-choice" className="mb-1.5 block text-sm font-medium">
          {t('com_agents_choose')}
        </label>
        <SelectField
          id="agent-choice"
          className="mb-5"
          value={agentId}
          onChange={(event) => setAgentId(event.target.value)}
          options={choices}
        />
        {agentId === NEW_AGENT ? (
          canCreate ? (
            <AgentEditor
              key="new"
              capabilities={capabilities}
              canCreate={canCreate}
              canShare={canShare}
              isAdmin={isAdmin}
              onSaved={setAgentId}
              onDeleted={() => setAgentId(NEW_AGENT)}
            />
          ) : (
            <p className="text-sm text-text-secondary">{t('com_agents_cannot_create')}</p>
          )
        ) : detail.isPending ? (
          <Spinner />
        ) : detail.isError ? (
          <p className="text-sm text-text-destructive">{t('com_agents_not_found')}</p>
        ) : (
          <AgentEditor
            // Each agent (and each saved version) starts its form from what the server holds.
            key={`${detail.data.id}:${'updatedAt' in detail.data ? detail.data.updatedAt : ''}`}
            agent={detail.data}
            capabilities={capabilities}
            canCreate={canCreate}
            canShare={canShare}
            isAdmin={isAdmin}
            onSaved={setAgentId}
            onDeleted={() => setAgentId(NEW_AGENT)}
          />
        )}
      </div>
    </aside>
  );
}
