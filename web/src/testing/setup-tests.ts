import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Translations are initialised once, as in the app.
import '@/features/bookmarks/bookmarks-i18n';
import '@/features/search/search-i18n';
import '@/features/share/share-i18n';
import '@/lib/i18n/i18n';
import '@/shared/i18n/chat-i18n';
import '@/shared/i18n/data-i18n';
import '@/shared/i18n/export-i18n';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
