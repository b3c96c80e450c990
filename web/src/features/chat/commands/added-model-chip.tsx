import { CloseIcon } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n/react';
import { PlusIcon } from '../badges/badge-icons';
import type { AddedModel } from '../stream/added-run';

interface AddedModelChipProps {
  added: AddedModel;
  onRemove(): void;
}

/**
 * Above the message box while a second model is added (the `+` command): which model will
 * answer each message beside the chat's own, and the button that stops adding it.
 */
export function AddedModelChip({ added, onRemove }: AddedModelChipProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex">
      <span className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border-medium bg-surface-secondary py-1 ps-2.5 pe-1 text-sm text-text-primary">
        <PlusIcon className="size-3.5 shrink-0" />
        <span className="truncate">{t('com_ui_added_model', { name: added.label })}</span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('com_ui_added_model_remove', { name: added.label })}
          className="rounded-full p-1 text-text-secondary hover:bg-surface-hover hover:text-text-primary focus-visible:outline focus-visible:outline-2"
        >
          <CloseIcon className="size-3.5" />
        </button>
      </span>
    </div>
  );
}
