import { Button } from '@/components/ui/button';
import { type GlyphProps, Icon } from '@/components/ui/icon';
import { SettingsRow } from '@/components/ui/settings-row';
import { startBadgeEditing } from '@/features/chat/badges/badge-layout';
import { useTranslation } from '@/lib/i18n/react';

export const FlaskIcon = ({ className = 'size-4' }: GlyphProps) => (
  <Icon className={className}>
    <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3" />
    <path d="M7.5 15h9" />
  </Icon>
);

/**
 * Features still settling in: choosing and ordering the chat badges (the switches under the
 * message box). Editing happens in the composer's row itself: the Edit button starts it and
 * closes the settings (`onClose`) so the row is in view.
 */
export function BetaTab({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const editBadges = () => {
    startBadgeEditing();
    onClose?.();
  };
  return (
    <div className="divide-y divide-border-light">
      <SettingsRow label={t('com_nav_chat_badges')} description={t('com_nav_info_chat_badges')}>
        <Button variant="outline" onClick={editBadges} aria-label={`${t('com_ui_edit')}: ${t('com_nav_chat_badges')}`}>
          {t('com_ui_edit')}
        </Button>
      </SettingsRow>
    </div>
  );
}
