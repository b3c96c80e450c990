import { addCatalogue } from '@/lib/i18n/add-catalogue';
import type { CatalogueModule } from '@/lib/i18n/catalogue-registry';

// The chat screen's strings travel with the chat's own chunk, not with the first page every
// visitor loads (the sign-in page's JS budget); see lib/i18n/add-catalogue.
addCatalogue(import.meta.glob<CatalogueModule>('@/locales/*/chat.json', { query: '?raw' }));
