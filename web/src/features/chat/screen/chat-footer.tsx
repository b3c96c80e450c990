import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

/**
 * The line under the composer: the operator's `customFooter` when set, otherwise a reminder
 * that models make mistakes. Plain text: the footer is configuration, not markup to trust.
 */
export function ChatFooter() {
  const { t } = useTranslation();
  const customFooter = useStartupConfig().data?.customFooter?.trim();
  return (
    <p className="px-2 pt-1.5 text-center text-xs text-text-secondary">
      {customFooter || t('com_ui_footer_check_answers')}
    </p>
  );
}
