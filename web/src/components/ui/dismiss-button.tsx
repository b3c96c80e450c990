import { useTranslation } from '@/lib/i18n/react';
import { CloseIcon } from './icon';

/** The small × that dismisses a toast or a banner-like notice, named "Dismiss". */
export function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label={t('com_ui_dismiss')}
      className="-m-1 rounded p-1 text-text-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
    >
      <CloseIcon className="size-4" />
    </button>
  );
}
