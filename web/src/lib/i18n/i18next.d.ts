import 'i18next';
import type enUS from '@/locales/en-US/translation.json';

// Type-checks every `t('…')` key against the en-US catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}
