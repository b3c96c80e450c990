import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/prompts.json';
// The shared strings (cancel, the variable form) too: this page may be the first one opened.
import '@/shared/prompts/prompts-chat-i18n';

// The prompt screens' strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(
  strings,
  import.meta.glob<Record<string, string>>(['@/locales/*/prompts.json', '!@/locales/en-US/prompts.json'], {
    import: 'default',
  }),
);
