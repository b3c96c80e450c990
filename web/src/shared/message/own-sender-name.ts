import { useTranslation } from '@/lib/i18n/react';
import { useUsernameDisplay } from '@/shared/preferences/username-display';

/**
 * What heads the signed-in user's own messages: their name, or "You" when they chose not to
 * show it (Account settings) or have no name.
 */
export function useOwnSenderName(userName: string | null | undefined): string {
  const { t } = useTranslation();
  const showName = useUsernameDisplay();
  return (showName && userName?.trim()) || t('com_user_message');
}
