import { addCatalogue } from '@/lib/i18n/add-catalogue';
import type { CatalogueModule } from '@/lib/i18n/catalogue-registry';

// This feature's strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(import.meta.glob<CatalogueModule>('@/locales/*/export.json', { query: '?raw' }));
