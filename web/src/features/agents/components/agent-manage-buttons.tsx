import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import type { AgentDetail } from '@/shared/agents/api/get-agent';
import { useDeleteAgent, useDuplicateAgent } from '../api/agent-mutations';

interface AgentManageButtonsProps {
  agent: AgentDetail;
  canDuplicate: boolean;
  canDelete: boolean;
  onDuplicated: (agentId: string) => void;
  onDeleted: () => void;
}

/** Duplicate (a copy of one's own) and delete, which asks first. */
export function AgentManageButtons({
  agent,
  canDuplicate,
  canDelete,
  onDuplicated,
  onDeleted,
}: AgentManageButtonsProps) {
  const { t } = useTranslation();
  const duplicate = useDuplicateAgent();
  const remove = useDeleteAgent();
  const [confirming, setConfirming] = useState(false);
  const failure = duplicate.error ?? remove.error;
  const name = agent.name || agent.id;
  return (
    <>
      {canDuplicate && (
        <Button
          variant="outline"
          loading={duplicate.isPending}
          onClick={() => duplicate.mutate(agent.id, { onSuccess: (result) => onDuplicated(result.agent.id) })}
        >
          {t('com_agents_duplicate')}
        </Button>
      )}
      {canDelete && (
        <Button variant="ghost" className="ms-auto text-text-destructive" onClick={() => setConfirming(true)}>
          {t('com_ui_delete')}
        </Button>
      )}
      {failure && (
        <Alert tone="error" className="w-full">
          {failure instanceof ApiError ? failure.message : t('com_agents_save_failed')}
        </Alert>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('com_agents_delete_title')} size="sm">
        <p className="text-sm">{t('com_agents_delete_confirm', { name })}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('com_ui_cancel')}
          </Button>
          <DangerButton
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(agent.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted();
                },
                onError: () => setConfirming(false),
              })
            }
          >
            {t('com_ui_delete')}
          </DangerButton>
        </div>
      </Dialog>
    </>
  );
}
