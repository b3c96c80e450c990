import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/files.json';

// This feature's strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(
  strings,
  import.meta.glob<Record<string, string>>(['@/locales/*/files.json', '!@/locales/en-US/files.json'], {
    import: 'default',
  }),
);
