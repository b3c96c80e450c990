import type { ForkOption } from '@contract/fork';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { BranchesIcon, TargetLevelIcon, VisiblePathIcon } from './icons';

/** The three options in LibreChat's order, each with its name and what it copies. */
export const FORK_OPTION_TEXT: readonly {
  option: ForkOption;
  label: TranslationKey;
  info: TranslationKey;
  icon: ReactNode;
}[] = [
  { option: 'directPath', label: 'com_ui_fork_visible', info: 'com_ui_fork_info_visible', icon: <VisiblePathIcon /> },
  {
    option: 'includeBranches',
    label: 'com_ui_fork_branches',
    info: 'com_ui_fork_info_branches',
    icon: <BranchesIcon />,
  },
  {
    option: 'targetLevel',
    label: 'com_ui_fork_all_target',
    info: 'com_ui_fork_info_target',
    icon: <TargetLevelIcon />,
  },
];

interface ForkOptionListProps {
  onPick: (option: ForkOption) => void;
  disabled: boolean;
  /** Marked as the remembered one. */
  current: ForkOption | '';
}

/** One button per option: picking one forks with it (as in LibreChat, no extra confirm step). */
export function ForkOptionList({ onPick, disabled, current }: ForkOptionListProps) {
  const { t } = useTranslation();
  const baseId = useId();
  return (
    <div className="flex flex-col gap-2">
      {FORK_OPTION_TEXT.map(({ option, label, info, icon }) => (
        // The explanation sits beside the button, not in it, so the button's name is what it
        // shows; the button's ::after stretches over the card, so the whole card is clickable.
        <div
          key={option}
          className={`relative flex items-start gap-3 rounded-lg border px-3 py-2.5 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring-primary hover:bg-surface-secondary ${
            current === option ? 'border-border-heavy' : 'border-border-light'
          } ${disabled ? 'opacity-50' : ''}`}
        >
          <span className="mt-0.5 text-text-secondary">{icon}</span>
          <div className="min-w-0">
            <button
              type="button"
              disabled={disabled}
              aria-describedby={`${baseId}-${option}`}
              onClick={() => onPick(option)}
              className="block text-start text-sm font-medium text-text-primary outline-none after:absolute after:inset-0 after:content-[''] disabled:cursor-not-allowed"
            >
              {t(label)}
            </button>
            <p id={`${baseId}-${option}`} className="text-xs text-text-secondary">
              {t(info)}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
