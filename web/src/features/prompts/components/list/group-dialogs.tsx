import { type FormEvent, useState } from 'react';
import { PROMPT_LIMITS, type PromptGroup } from '@contract/prompts';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useDeletePromptGroup, useUpdatePromptGroup } from '@/shared/prompts/api/prompt-mutations';

type RenameGroupDialogProps = {
  group: PromptGroup;
  onClose: () => void;
};

/**
 * Renames a prompt from the list. The name is required (the server refuses an empty one too);
 * an unchanged name closes without a call. A failure keeps the dialog open with the typed name.
 */
export function RenameGroupDialog({ group, onClose }: RenameGroupDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const update = useUpdatePromptGroup();
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (next === '') {
      setError(t('com_ui_prompt_name_required'));
      return;
    }
    if (next === group.name) {
      onClose();
      return;
    }
    update.mutate(
      { id: group._id, body: { name: next } },
      {
        onSuccess: () => {
          showToast({ message: t('com_ui_prompt_renamed'), severity: 'success' });
          onClose();
        },
        onError: () => showToast({ message: t('com_ui_prompt_update_error'), severity: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} size="sm" title={t('com_ui_prompt_rename_title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('com_ui_prompt_name')}
          value={name}
          maxLength={PROMPT_LIMITS.nameMax}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            if (event.target.value.trim() !== '') setError(null);
          }}
          onFocus={(event) => event.target.select()}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type DeleteGroupDialogProps = {
  group: PromptGroup;
  onClose: () => void;
  /** The group is gone (the list moves focus and leaves its page if it was open). */
  onDeleted: (group: PromptGroup) => void;
};

/** Deleting a prompt takes every version with it and cannot be undone: it asks first. */
export function DeleteGroupDialog({ group, onClose, onDeleted }: DeleteGroupDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeletePromptGroup();
  const confirm = () =>
    remove.mutate(group._id, {
      onSuccess: () => {
        showToast({ message: t('com_ui_prompt_deleted'), severity: 'success' });
        onDeleted(group);
      },
      onError: () => showToast({ message: t('com_ui_prompt_delete_error'), severity: 'error' }),
    });

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('com_ui_prompt_delete_title')}
      description={t('com_ui_prompt_delete_confirm', { 0: group.name })}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('com_ui_cancel')}
        </Button>
        <DangerButton onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {t('com_ui_prompt_delete')}
        </DangerButton>
      </div>
    </Dialog>
  );
}
