import { addCatalogue } from '@/lib/i18n/add-catalogue';

// This feature's strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(
  import.meta.glob<Record<string, string>>('@/locales/*/bookmarks.json', {
    import: 'default',
  }),
);
