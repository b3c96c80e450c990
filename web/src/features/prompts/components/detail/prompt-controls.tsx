import { useState } from 'react';
import type { Prompt, PromptGroup } from '@contract/prompts';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import { promptsSettingsStore, usePromptsSettings } from '../../lib/editor-settings';
import { CategorySelect } from '../category-select';
import { ShareDialog } from './share-dialog';
import { VersionList } from './version-list';

export type PromptControlsProps = {
  group: PromptGroup;
  versions: Prompt[];
  selected: Prompt | undefined;
  canEdit: boolean;
  canShare: boolean;
  onSelect: (prompt: Prompt) => void;
  onCategory: (category: string) => void;
  onMakeProduction: (prompt: Prompt) => void;
  onDeleteVersion: (prompt: Prompt) => void;
};

/** Category, sharing, deleting a version and (in Advanced mode) the versions: beside the editor or in its panel. */
export function PromptControls({
  group,
  versions,
  selected,
  canEdit,
  canShare,
  onSelect,
  onCategory,
  onMakeProduction,
  onDeleteVersion,
}: PromptControlsProps) {
  const { t } = useTranslation();
  const settings = usePromptsSettings();
  const advanced = settings.promptsEditorMode === 'advanced';
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="flex flex-col gap-4" data-testid="prompt-controls">
      <div>
        <label htmlFor="prompt-category" className="mb-1.5 block text-sm font-medium">
          {t('com_ui_prompt_category')}
        </label>
        <CategorySelect
          id="prompt-category"
          value={group.category}
          onChange={onCategory}
          disabled={!canEdit}
          leading={[{ value: '', label: t('com_ui_prompt_no_category') }]}
        />
      </div>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {canShare && (
            <Button variant="outline" onClick={() => setSharing(true)}>
              {t('com_ui_prompt_share')}
            </Button>
          )}
          {selected && (
            <DangerButton onClick={() => setDeleting(true)}>{t('com_ui_prompt_delete_version')}</DangerButton>
          )}
        </div>
      )}
      {advanced && canEdit && (
        <>
          <CheckboxField
            label={t('com_ui_prompt_always_make_production')}
            checked={settings.alwaysMakeProd}
            onChange={(value) => promptsSettingsStore.set('alwaysMakeProd', value)}
          />
          {selected && selected._id !== group.productionId && (
            <Button onClick={() => onMakeProduction(selected)}>{t('com_ui_prompt_make_production')}</Button>
          )}
          <VersionList
            versions={versions}
            productionId={group.productionId}
            selectedId={selected?._id}
            onSelect={onSelect}
          />
        </>
      )}
      <ShareDialog group={group} open={sharing} onClose={() => setSharing(false)} />
      <Dialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('com_ui_prompt_delete_version')}
        description={t(
          versions.length <= 1 ? 'com_ui_prompt_delete_version_last' : 'com_ui_prompt_delete_version_confirm',
        )}
        size="sm"
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setDeleting(false)}>
            {t('com_ui_cancel')}
          </Button>
          <DangerButton
            onClick={() => {
              setDeleting(false);
              if (selected) onDeleteVersion(selected);
            }}
          >
            {t('com_ui_delete')}
          </DangerButton>
        </div>
      </Dialog>
    </div>
  );
}
