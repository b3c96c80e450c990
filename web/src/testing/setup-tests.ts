import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Translations are initialised once, as in the app, with every feature's catalogue loaded
// before any test renders (the app fetches each with its feature; tests render at once).
import '@/features/agents/agents-i18n';
import '@/features/bookmarks/bookmarks-i18n';
import '@/features/files/files-i18n';
import '@/features/prompts/prompts-i18n';
import '@/features/public-pages/public-pages-i18n';
import '@/features/search/search-i18n';
import '@/features/share/share-i18n';
import { cataloguesSettled } from '@/lib/i18n/catalogue-registry';
import { i18nReady } from '@/lib/i18n/i18n';
import '@/shared/i18n/chat-i18n';
import '@/shared/i18n/data-i18n';
import '@/shared/i18n/export-i18n';
import '@/shared/i18n/speech-i18n';

await i18nReady;
await cataloguesSettled();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
