import 'i18next';
import type chatEnUS from '@/locales/en-US/chat.json';
import type enUS from '@/locales/en-US/translation.json';

// Type-checks every `t('…')` key against the en-US catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The chat's strings are a second file, added when the chat chunk loads (features/chat/chat-i18n).
    resources: { translation: typeof enUS & typeof chatEnUS };
  }
}
