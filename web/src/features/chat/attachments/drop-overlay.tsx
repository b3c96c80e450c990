import { useTranslation } from '@/lib/i18n/react';
import { PaperclipIcon } from './icons';

/** Shown over the chat while files are dragged over it: dropping them attaches them. */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-2 z-30 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-ring-primary bg-surface-primary/90 text-text-primary">
      <PaperclipIcon className="size-8" />
      <p className="text-base font-medium">{t('com_ui_drop_files')}</p>
    </div>
  );
}
