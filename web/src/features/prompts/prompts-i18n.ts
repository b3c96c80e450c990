import { addCatalogue } from '@/lib/i18n/add-catalogue';
import type { CatalogueModule } from '@/lib/i18n/catalogue-registry';
// The shared strings (cancel, the variable form) too: this page may be the first one opened.
import '@/shared/prompts/prompts-chat-i18n';

// The prompt screens' strings travel with its own chunk (see lib/i18n/add-catalogue).
addCatalogue(import.meta.glob<CatalogueModule>('@/locales/*/prompts.json', { query: '?raw' }));
