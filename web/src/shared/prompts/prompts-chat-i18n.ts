import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/prompts-chat.json';

// What the chat needs of the prompt library (the variable form, the cards) travels with it.
addCatalogue(
  strings,
  import.meta.glob<Record<string, string>>(['@/locales/*/prompts-chat.json', '!@/locales/en-US/prompts-chat.json'], {
    import: 'default',
  }),
);
