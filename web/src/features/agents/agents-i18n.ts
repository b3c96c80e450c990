import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/agents.json';

// The builder's strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(
  strings,
  import.meta.glob<Record<string, string>>(['@/locales/*/agents.json', '!@/locales/en-US/agents.json'], {
    import: 'default',
  }),
);
