import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/chat.json';

// The chat screen's strings travel with the chat's own chunk, not with the first page every
// visitor loads (the sign-in page's JS budget); see lib/i18n/add-catalogue.
addCatalogue(
  strings,
  import.meta.glob<Record<string, string>>(['@/locales/*/chat.json', '!@/locales/en-US/chat.json'], {
    import: 'default',
  }),
);
