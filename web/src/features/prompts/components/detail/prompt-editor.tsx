import { useCallback, useState } from 'react';
import type { Prompt, PromptGroup } from '@contract/prompts';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { usePromptsSettings } from '../../lib/editor-settings';
import { useIsAdmin, usePromptsAccess } from '../../lib/use-prompts-access';
import { DescriptionFields } from './description-fields';
import { NameEditor } from './name-editor';
import { PromptControls } from './prompt-controls';
import { PromptTextEditor } from './prompt-text-editor';
import { SidePanel } from './side-panel';
import { usePromptActions } from './use-prompt-actions';
import { VariableChips } from './variable-chips';

type PromptEditorProps = {
  group: PromptGroup;
  /** Newest first; for a reader, possibly only the production version. */
  versions: Prompt[];
};

/** A prompt's page: its author (or an admin) edits it, anyone else it is shared with reads it. */
export function PromptEditor({ group, versions }: PromptEditorProps) {
  const { t } = useTranslation();
  const userId = useCurrentUser().data?.id;
  const isAdmin = useIsAdmin();
  const canShare = usePromptsAccess('SHARED_GLOBAL') === 'granted';
  const advanced = usePromptsSettings().promptsEditorMode === 'advanced';
  const canEdit = group.author === userId || isAdmin;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const closePanel = useCallback(() => setPanelOpen(false), []);
  const actions = usePromptActions(group, setSelectedId);

  // Simple mode always shows the version in use; Advanced shows the one picked in the list.
  const production = versions.find((version) => version._id === group.productionId) ?? versions[0];
  const selected = (advanced && versions.find((version) => version._id === selectedId)) || production;
  const text = selected?.prompt ?? '';

  const controls = (
    <PromptControls
      group={group}
      versions={versions}
      selected={selected}
      canEdit={canEdit}
      canShare={canShare}
      onSelect={(prompt) => setSelectedId(prompt._id)}
      onCategory={(category) => actions.update({ category })}
      onMakeProduction={actions.setProduction}
      onDeleteVersion={actions.deleteVersion}
    />
  );

  return (
    <div className="flex min-h-0 flex-1" data-testid="prompt-editor">
      <div className="mx-auto flex w-full min-w-0 max-w-3xl flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <NameEditor name={group.name} canEdit={canEdit} onSave={(name) => actions.update({ name })} />
          <Button variant="outline" className="min-[1022px]:hidden" onClick={() => setPanelOpen(true)}>
            {t('com_ui_prompt_controls')}
          </Button>
        </div>
        {!canEdit && (
          <p className="rounded-lg bg-surface-secondary px-3 py-2 text-sm text-text-secondary">
            {t('com_ui_prompt_read_only', { 0: group.authorName })}
          </p>
        )}
        <PromptTextEditor
          key={selected?._id}
          text={text}
          canEdit={canEdit}
          onSave={(next) => actions.saveVersion(next, selected)}
        />
        <VariableChips text={text} />
        <DescriptionFields
          key={group._id}
          group={group}
          canEdit={canEdit}
          onSave={(fields) => actions.update(fields)}
        />
      </div>
      <aside
        aria-label={t('com_ui_prompt_controls')}
        className="hidden w-80 shrink-0 overflow-y-auto border-s border-border-light p-4 min-[1022px]:block"
      >
        {!panelOpen && controls}
      </aside>
      <SidePanel open={panelOpen} onClose={closePanel}>
        {controls}
      </SidePanel>
    </div>
  );
}
