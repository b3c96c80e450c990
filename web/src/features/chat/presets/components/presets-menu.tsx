import { useState } from 'react';
import type { Preset } from '@contract/presets';
import { DropdownMenu, type DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useChatSetup } from '../../setup/chat-setup-context';
import { usePresets } from '../api/get-presets';
import { usePresetsEnabled } from '../hooks/use-presets-enabled';
import { presetToSetup } from '../lib/preset-setup';
import { ManagePresetsDialog } from './manage-presets-dialog';
import { PencilIcon, PlusIcon, PresetStackIcon, StarIcon } from './preset-icons';
import { SavePresetDialog } from './save-preset-dialog';

const triggerClasses =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-border-light text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary';

/**
 * The presets button of the chat's setup bar: lists the user's presets (the default one
 * marked) and applies the one chosen to the conversation's setup; saves the current setup as
 * a new preset; opens the management dialog (edit, default, delete). Hidden when the
 * `presets` interface toggle is off. Must sit inside <ChatSetupProvider>.
 */
export function PresetsMenu() {
  const enabled = usePresetsEnabled();
  return enabled ? <EnabledPresetsMenu /> : null;
}

function EnabledPresetsMenu() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { replace } = useChatSetup();
  const presets = usePresets();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const list = presets.data ?? [];

  const apply = (preset: Preset) => {
    replace(presetToSetup(preset));
    showToast({ message: t('com_endpoint_preset_applied', { title: preset.title }) });
  };

  const items: DropdownMenuItem[] = [
    ...list.map((preset) => ({
      id: `preset-${preset.presetId}`,
      label: preset.defaultPreset ? t('com_endpoint_preset_default_item', { title: preset.title }) : preset.title,
      icon: preset.defaultPreset ? <StarIcon filled /> : <StarIcon className="size-4 opacity-0" />,
      onSelect: () => apply(preset),
    })),
    {
      id: 'save-preset',
      label: t('com_endpoint_save_as_preset'),
      icon: <PlusIcon />,
      onSelect: () => setDialog('save'),
    },
    ...(list.length > 0
      ? [
          {
            id: 'manage-presets',
            label: t('com_endpoint_presets_manage'),
            icon: <PencilIcon />,
            onSelect: () => setDialog('manage'),
          },
        ]
      : []),
  ];

  const status = presets.isPending
    ? t('com_endpoint_presets_loading')
    : presets.isError
      ? t('com_endpoint_presets_load_error')
      : list.length === 0
        ? t('com_endpoint_presets_empty')
        : null;

  return (
    <>
      <DropdownMenu
        triggerLabel={t('com_endpoint_presets')}
        trigger={<PresetStackIcon />}
        triggerClassName={triggerClasses}
        align="start"
        items={items}
        header={status ? <p className="text-xs text-text-secondary">{status}</p> : undefined}
      />
      <SavePresetDialog open={dialog === 'save'} onClose={() => setDialog(null)} />
      <ManagePresetsDialog open={dialog === 'manage'} onClose={() => setDialog(null)} />
    </>
  );
}
