import { useTranslation } from '@/lib/i18n/react';
import type { UserKeyStatus } from '../../hooks/use-user-key-status';

/** "Key set, expires …", "Key set, never expires" or "No key set", dated in the user's language. */
export function KeyStatusText({ status }: { status: UserKeyStatus }) {
  const { t, i18n } = useTranslation();
  if (!status.isSet) return <>{t('com_endpoint_config_key_not_set')}</>;
  if (!status.expiresAt) return <>{t('com_endpoint_config_key_never_expires')}</>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(status.expiresAt),
  );
  return <>{t('com_endpoint_config_key_expires', { date })}</>;
}
