import { addCatalogue } from '@/lib/i18n/add-catalogue';

// What the chat needs of the prompt library (the variable form, the cards) travels with it.
addCatalogue(
  import.meta.glob<Record<string, string>>('@/locales/*/prompts-chat.json', {
    import: 'default',
  }),
);
