import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { ShieldIcon } from '../icons';

export function SetupStepView({ isGenerating, onGenerate }: { isGenerating: boolean; onGenerate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-5 rounded-xl bg-surface-secondary px-5 py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-ring-primary/15 text-ring-primary">
        <ShieldIcon className="size-6" />
      </span>
      <p className="max-w-sm text-sm text-text-secondary">{t('com_ui_2fa_setup_info')}</p>
      <Button onClick={onGenerate} loading={isGenerating} className="w-full sm:w-auto">
        {t(isGenerating ? 'com_ui_generating' : 'com_ui_generate_qrcode')}
      </Button>
    </div>
  );
}
