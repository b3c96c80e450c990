import { useId } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { SettingsRow } from '@/components/ui/settings-row';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import {
  CHAT_DIRECTIONS,
  type ChatDirection,
  FONT_SIZES,
  type FontSize,
  setChatLayout,
  useChatLayout,
} from '@/shared/preferences/chat-layout';

const FONT_SIZE_LABELS: Record<FontSize, TranslationKey> = {
  'text-xs': 'com_nav_font_size_xs',
  'text-sm': 'com_nav_font_size_sm',
  'text-base': 'com_nav_font_size_base',
  'text-lg': 'com_nav_font_size_lg',
  'text-xl': 'com_nav_font_size_xl',
};

const DIRECTION_LABELS: Record<ChatDirection, TranslationKey> = {
  LTR: 'com_nav_chat_direction_ltr',
  RTL: 'com_nav_chat_direction_rtl',
};

const isFontSize = (value: string): value is FontSize => FONT_SIZES.some((size) => size === value);
const isChatDirection = (value: string): value is ChatDirection =>
  CHAT_DIRECTIONS.some((direction) => direction === value);

/** The page's own direction (the language's), which the chat follows until one is chosen. */
const pageDirection = (): ChatDirection => (document.documentElement.dir === 'rtl' ? 'RTL' : 'LTR');

/** The chat's text size and writing direction: the first rows of the chat tab. */
export function ChatLayoutRows() {
  const { t } = useTranslation();
  const layout = useChatLayout();
  const baseId = useId();
  return (
    <>
      <SettingsRow
        label={t('com_nav_font_size')}
        description={t('com_nav_info_font_size')}
        htmlFor={`${baseId}-font-size`}
      >
        <SelectField
          id={`${baseId}-font-size`}
          value={layout.fontSize}
          onChange={(event) => isFontSize(event.target.value) && setChatLayout('fontSize', event.target.value)}
          options={FONT_SIZES.map((size) => ({ value: size, label: t(FONT_SIZE_LABELS[size]) }))}
        />
      </SettingsRow>
      <SettingsRow
        label={t('com_nav_chat_direction')}
        description={t('com_nav_info_chat_direction')}
        htmlFor={`${baseId}-direction`}
      >
        <SelectField
          id={`${baseId}-direction`}
          value={layout.chatDirection ?? pageDirection()}
          onChange={(event) =>
            isChatDirection(event.target.value) && setChatLayout('chatDirection', event.target.value)
          }
          options={CHAT_DIRECTIONS.map((direction) => ({ value: direction, label: t(DIRECTION_LABELS[direction]) }))}
        />
      </SettingsRow>
    </>
  );
}
