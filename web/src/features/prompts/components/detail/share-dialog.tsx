import { useState } from 'react';
import type { PromptGroup } from '@contract/prompts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { useUpdatePromptGroup } from '@/shared/prompts/api/prompt-mutations';
import { SwitchRow } from '../switch-row';

/** Shares the prompt with every user (the instance project) or takes it back. */
function ShareForm({ group, onClose }: { group: PromptGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const instanceProjectId = useStartupConfig().data?.instanceProjectId ?? '';
  const update = useUpdatePromptGroup();
  const isShared = instanceProjectId !== '' && group.projectIds.includes(instanceProjectId);
  const [shared, setShared] = useState(isShared);

  const save = () => {
    if (shared && isShared) {
      showToast({ message: t('com_ui_prompt_already_shared_to_all'), severity: 'info' });
      onClose();
      return;
    }
    if (!shared && !isShared) return onClose();
    update.mutate(
      {
        id: group._id,
        body: shared ? { projectIds: [instanceProjectId] } : { removeProjectIds: [instanceProjectId] },
      },
      {
        onSuccess: () => {
          showToast({ message: t(shared ? 'com_ui_prompt_shared' : 'com_ui_prompt_unshared'), severity: 'success' });
          onClose();
        },
        onError: () => showToast({ message: t('com_ui_prompt_update_error'), severity: 'error' }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <SwitchRow label={t('com_ui_prompt_share_switch')} checked={shared} onChange={setShared} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('com_ui_cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={!instanceProjectId}>
          {t('com_ui_save')}
        </Button>
      </div>
    </div>
  );
}

export function ShareDialog({ group, open, onClose }: { group: PromptGroup; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_ui_prompt_share_title')}
      description={t('com_ui_prompt_share_description')}
      size="sm"
    >
      <ShareForm group={group} onClose={onClose} />
    </Dialog>
  );
}
