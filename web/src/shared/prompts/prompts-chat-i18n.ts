import { addCatalogue } from '@/lib/i18n/add-catalogue';
import type { CatalogueModule } from '@/lib/i18n/catalogue-registry';

// What the chat needs of the prompt library (the variable form, the cards) travels with it.
addCatalogue(import.meta.glob<CatalogueModule>('@/locales/*/prompts-chat.json', { query: '?raw' }));
