import type { ForkOption } from '@contract/fork';
import { useState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import { setForkSetting, useForkSettings } from '../lib/fork-settings';
import { ForkOptionList } from './fork-option-list';

interface ForkDialogProps {
  onClose: () => void;
  /** Forks with the picked option and split choice. */
  onFork: (option: ForkOption, splitAtTarget: boolean) => void;
  isForking: boolean;
}

/**
 * The fork choices: the three options, "Start fork here", and "Remember my
 * choice". The split choice is kept as soon as it changes (LibreChat's `splitAtTarget`); the
 * option is remembered only when a fork is actually made with it.
 */
export function ForkDialog({ onClose, onFork, isForking }: ForkDialogProps) {
  const { t } = useTranslation();
  const settings = useForkSettings();
  const [remember, setRemember] = useState(settings.rememberDefaultFork);

  const pick = (option: ForkOption) => {
    if (remember) {
      setForkSetting('forkSetting', option);
      setForkSetting('rememberDefaultFork', true);
    }
    onFork(option, settings.splitAtTarget);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_ui_fork_from_message')}
      description={t('com_ui_fork_info_1')}
      size="sm"
    >
      <div className="flex flex-col gap-4">
        <ForkOptionList
          onPick={pick}
          disabled={isForking}
          current={settings.rememberDefaultFork ? settings.forkSetting : ''}
        />
        <CheckboxField
          label={t('com_ui_fork_split_target')}
          info={t('com_ui_fork_info_start')}
          checked={settings.splitAtTarget}
          onChange={(checked) => setForkSetting('splitAtTarget', checked)}
          disabled={isForking}
        />
        <CheckboxField
          label={t('com_ui_fork_remember')}
          info={t('com_ui_fork_info_remember')}
          checked={remember}
          onChange={setRemember}
          disabled={isForking}
        />
        {isForking && (
          <p role="status" className="text-sm text-text-secondary">
            {t('com_ui_fork_processing')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
