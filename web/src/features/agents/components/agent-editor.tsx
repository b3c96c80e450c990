import { useState } from 'react';
import { INSTANCE_PROJECT_ID, type UpdateAgentBody } from '@contract/agents';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { agentAvatarUrl } from '@/shared/agents/agent-summary';
import type { AgentDetail } from '@/shared/agents/api/get-agent';
import { useCreateAgent, useUpdateAgent } from '../api/agent-mutations';
import { bodyFromForm, EMPTY_FORM, type AgentFormValues, formFromAgent, validateAgentForm } from '../lib/agent-form';
import { ActionsEditor } from './actions-editor';
import { AgentManageButtons } from './agent-manage-buttons';
import { AvatarField } from './avatar-field';
import { CapabilityToggles } from './capability-toggles';
import { ChainField } from './chain-field';
import { ModelFields } from './model-fields';
import { type ShareState, ShareFields } from './share-fields';
import { StartersField } from './starters-field';
import { ToolsDialog } from './tools-dialog';

export interface AgentEditorProps {
  /** The agent being edited; absent for a new one. */
  agent?: AgentDetail;
  /** `endpoints.agents.capabilities`. */
  capabilities: readonly string[];
  canCreate: boolean;
  canShare: boolean;
  isAdmin: boolean;
  /** After a create, a duplicate or a save: the agent to show. */
  onSaved: (agentId: string) => void;
  onDeleted: () => void;
}

const shareOf = (agent: AgentDetail | undefined): ShareState => ({
  shared: agent?.projectIds.includes(INSTANCE_PROJECT_ID) ?? false,
  collaborative: agent?.isCollaborative ?? false,
});

/**
 * One agent's form. Its editors change and save it; everyone else it is shared with sees the
 * same fields read-only (the server sends them no instructions). A refused save keeps every
 * field as typed and says why.
 */
export function AgentEditor({
  agent,
  capabilities,
  canCreate,
  canShare,
  isAdmin,
  onSaved,
  onDeleted,
}: AgentEditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AgentFormValues>(() => (agent ? formFromAgent(agent) : EMPTY_FORM));
  const [share, setShare] = useState<ShareState>(() => shareOf(agent));
  const [showErrors, setShowErrors] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const readOnly = agent !== undefined && !('instructions' in agent);
  const errors = showErrors ? validateAgentForm(values) : {};
  const failure = create.error ?? update.error;
  const failureText = failure instanceof ApiError ? failure.message : failure ? t('com_agents_save_failed') : null;
  const patch = (change: Partial<AgentFormValues>) => setValues((previous) => ({ ...previous, ...change }));

  const save = () => {
    setShowErrors(true);
    if (Object.keys(validateAgentForm(values)).length > 0) return;
    const body = bodyFromForm(values);
    if (!agent) {
      create.mutate(body, { onSuccess: (created) => onSaved(created.id) });
      return;
    }
    const before = shareOf(agent);
    const sharing: UpdateAgentBody =
      canShare && (before.shared !== share.shared || before.collaborative !== share.collaborative)
        ? share.shared
          ? { projectIds: [INSTANCE_PROJECT_ID], isCollaborative: share.collaborative }
          : { removeProjectIds: [INSTANCE_PROJECT_ID], isCollaborative: false }
        : {};
    update.mutate({ id: agent.id, body: { ...body, ...sharing } }, { onSuccess: (saved) => onSaved(saved.id) });
  };

  const hasCapability = (capability: string) => capabilities.includes(capability);
  return (
    // Not a <form>: the actions editor inside has fields of its own, and Enter there must not save the agent.
    <div className="space-y-4">
      {readOnly && <Alert tone="info">{t('com_agents_read_only')}</Alert>}
      {agent && (
        <AvatarField
          agentId={agent.id}
          name={values.name}
          avatarUrl={agentAvatarUrl(agent.avatar)}
          readOnly={readOnly}
        />
      )}
      <TextField
        label={t('com_agents_name')}
        value={values.name}
        readOnly={readOnly}
        placeholder={t('com_agents_name_placeholder')}
        error={errors.name ? t(errors.name) : null}
        onChange={(event) => patch({ name: event.target.value })}
      />
      <TextField
        label={t('com_agents_description')}
        value={values.description}
        readOnly={readOnly}
        onChange={(event) => patch({ description: event.target.value })}
      />
      {!readOnly && (
        <div>
          <label htmlFor="agent-instructions" className="mb-1.5 block text-sm font-medium text-text-primary">
            {t('com_agents_instructions')}
          </label>
          <textarea
            id="agent-instructions"
            rows={5}
            value={values.instructions}
            placeholder={t('com_agents_instructions_placeholder')}
            onChange={(event) => patch({ instructions: event.target.value })}
            className="block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary placeholder:text-text-tertiary sm:text-sm focus:outline-2 focus:outline-ring-primary"
          />
        </div>
      )}
      <ModelFields
        provider={values.provider}
        model={values.model}
        readOnly={readOnly}
        onChange={patch}
        errors={{
          provider: errors.provider ? t(errors.provider) : undefined,
          model: errors.model ? t(errors.model) : undefined,
        }}
      />
      <StartersField
        starters={values.conversation_starters}
        readOnly={readOnly}
        onChange={(conversation_starters) => patch({ conversation_starters })}
        error={errors.conversation_starters ? t(errors.conversation_starters) : undefined}
      />
      <CapabilityToggles capabilities={capabilities} values={values} onChange={patch} readOnly={readOnly} />
      {hasCapability('tools') && (
        <section className="space-y-2">
          <h3 className="text-sm font-medium text-text-primary">{t('com_agents_tools')}</h3>
          {values.tools.length > 0 ? (
            <ul aria-label={t('com_agents_tools')} className="flex flex-wrap gap-1.5">
              {values.tools.map((tool) => (
                <li
                  key={tool}
                  className="rounded-full border border-border-light bg-surface-secondary px-2 py-0.5 text-xs"
                >
                  {tool}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-text-secondary">{t('com_agents_tools_empty')}</p>
          )}
          {!readOnly && (
            <Button variant="outline" onClick={() => setToolsOpen(true)}>
              {t('com_agents_tools_add')}
            </Button>
          )}
          <ToolsDialog
            open={toolsOpen}
            onClose={() => setToolsOpen(false)}
            selected={values.tools}
            onChange={(tools) => patch({ tools })}
          />
        </section>
      )}
      {hasCapability('chain') && (
        <ChainField
          agentId={agent?.id}
          agentIds={values.agent_ids}
          hideSequentialOutputs={values.hide_sequential_outputs}
          onChange={patch}
          readOnly={readOnly}
        />
      )}
      {agent && hasCapability('actions') && <ActionsEditor agentId={agent.id} readOnly={readOnly} />}
      {agent && canShare && !readOnly && <ShareFields value={share} onChange={setShare} />}
      {failureText && <Alert tone="error">{failureText}</Alert>}
      <div className="flex flex-wrap items-center gap-2 border-t border-border-light pt-4">
        {!readOnly && (
          <Button onClick={save} loading={create.isPending || update.isPending}>
            {agent ? t('com_ui_save') : t('com_agents_create')}
          </Button>
        )}
        {agent && (
          <AgentManageButtons
            agent={agent}
            canDuplicate={canCreate}
            canDelete={agent.author !== undefined || isAdmin}
            onDuplicated={onSaved}
            onDeleted={onDeleted}
          />
        )}
      </div>
    </div>
  );
}
