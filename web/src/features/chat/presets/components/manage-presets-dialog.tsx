import { useState } from 'react';
import type { Preset } from '@contract/presets';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useDeletePresets } from '../api/delete-presets';
import { usePresets } from '../api/get-presets';
import { useSavePreset } from '../api/save-preset';
import { presetErrorText } from '../lib/preset-error-text';
import { ConfirmDialog } from './confirm-dialog';
import { EditPresetDialog } from './edit-preset-dialog';
import { PencilIcon, StarIcon, TrashIcon } from './preset-icons';

type ManagePresetsDialogProps = { open: boolean; onClose: () => void };

/** What the confirmation is about: one preset, or all of them. */
type PendingDelete = { kind: 'one'; preset: Preset } | { kind: 'all' };

const iconButtonClasses =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The user's presets with what can be done to each: edit (name, default), make or stop being
 * the default, delete (after confirming); and delete them all. Edit and confirmation dialogs
 * open over this one and return focus to it.
 */
export function ManagePresetsDialog({ open, onClose }: ManagePresetsDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const presets = usePresets({ enabled: open });
  const save = useSavePreset();
  const remove = useDeletePresets();
  const [editing, setEditing] = useState<Preset | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const list = presets.data ?? [];

  const toggleDefault = (preset: Preset) => {
    save.mutate(
      { presetId: preset.presetId, title: preset.title, defaultPreset: !preset.defaultPreset },
      {
        onError: (error) =>
          showToast({ message: presetErrorText(error, t('com_endpoint_preset_save_error')), severity: 'error' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const all = pendingDelete.kind === 'all';
    remove.mutate(all ? {} : { presetId: pendingDelete.preset.presetId }, {
      onSuccess: () => {
        setPendingDelete(null);
        showToast({
          message: t(all ? 'com_endpoint_presets_deleted' : 'com_endpoint_preset_deleted'),
          severity: 'success',
        });
      },
      onError: (error) =>
        showToast({ message: presetErrorText(error, t('com_endpoint_preset_delete_error')), severity: 'error' }),
    });
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} size="md" title={t('com_endpoint_presets_manage')}>
        {presets.isError && <p className="text-sm text-text-destructive">{t('com_endpoint_presets_load_error')}</p>}
        {presets.isSuccess && list.length === 0 && (
          <p className="text-sm text-text-secondary">{t('com_endpoint_presets_empty')}</p>
        )}
        {list.length > 0 && (
          <>
            <ul className="divide-y divide-border-light" aria-label={t('com_endpoint_presets')}>
              {list.map((preset) => (
                <li key={preset.presetId} className="flex items-center gap-2 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-text-primary" title={preset.title}>
                    {preset.title}
                  </span>
                  {preset.defaultPreset && (
                    <span className="shrink-0 rounded-full bg-surface-secondary px-2 py-0.5 text-xs font-medium text-text-secondary">
                      {t('com_endpoint_preset_default_badge')}
                    </span>
                  )}
                  <button
                    type="button"
                    aria-pressed={preset.defaultPreset}
                    aria-label={t('com_endpoint_preset_default_named', { title: preset.title })}
                    title={t('com_endpoint_preset_default_named', { title: preset.title })}
                    disabled={save.isPending}
                    onClick={() => toggleDefault(preset)}
                    className={iconButtonClasses}
                  >
                    <StarIcon filled={preset.defaultPreset} />
                  </button>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={t('com_endpoint_preset_edit_named', { title: preset.title })}
                    title={t('com_endpoint_preset_edit_named', { title: preset.title })}
                    onClick={() => setEditing(preset)}
                    className={iconButtonClasses}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={t('com_endpoint_preset_delete_named', { title: preset.title })}
                    title={t('com_endpoint_preset_delete_named', { title: preset.title })}
                    onClick={() => setPendingDelete({ kind: 'one', preset })}
                    className={iconButtonClasses}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex justify-end">
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setPendingDelete({ kind: 'all' })}
                className="rounded-lg px-3 py-1.5 text-sm font-medium text-text-destructive transition hover:bg-surface-destructive focus-visible:outline-2 focus-visible:outline-ring-primary"
              >
                {t('com_endpoint_presets_delete_all')}
              </button>
            </div>
          </>
        )}
      </Dialog>
      <EditPresetDialog preset={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t(pendingDelete?.kind === 'all' ? 'com_endpoint_presets_delete_all' : 'com_endpoint_preset_delete')}
        message={
          pendingDelete?.kind === 'one'
            ? t('com_endpoint_preset_delete_confirm', { title: pendingDelete.preset.title })
            : t('com_endpoint_presets_delete_all_confirm')
        }
        confirmLabel={t('com_ui_delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPendingDelete(null)}
      />
    </>
  );
}
