import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { SETUP_STEPS, type SetupStep } from './two-factor-steps';

const STEP_LABELS: Record<SetupStep, TranslationKey> = {
  setup: 'com_ui_2fa_step_setup',
  qr: 'com_ui_2fa_step_scan',
  verify: 'com_ui_2fa_step_verify',
  backup: 'com_ui_2fa_step_backup',
};

/** The four-step bar of the setup (setup → scan → verify → backup). */
export function SetupProgress({ current }: { current: SetupStep }) {
  const { t } = useTranslation();
  const index = SETUP_STEPS.indexOf(current);
  return (
    <div className="mb-6">
      <p className="sr-only" data-testid="two-factor-progress">
        {t('com_ui_2fa_setup_progress', { current: index + 1, total: SETUP_STEPS.length })}
      </p>
      <ol aria-hidden="true" className="grid grid-cols-4 gap-2">
        {SETUP_STEPS.map((step, stepIndex) => (
          <li key={step} className="flex flex-col gap-1.5">
            <span
              className={`h-1.5 rounded-full transition-colors ${stepIndex <= index ? 'bg-ring-primary' : 'bg-border-light'}`}
            />
            <span
              className={`text-xs ${stepIndex === index ? 'font-medium text-text-primary' : 'text-text-secondary'}`}
            >
              {t(STEP_LABELS[step])}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
