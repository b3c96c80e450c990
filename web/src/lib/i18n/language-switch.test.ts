import { afterAll, describe, expect, it } from 'vitest';
import arChat from '@/locales/ar-EG/chat.json';
import deTranslation from '@/locales/de-DE/translation.json';
import jaShare from '@/locales/ja-JP/share.json';
import { addCatalogue } from './add-catalogue';
import { cataloguesSettled } from './catalogue-registry';
import { changeLanguage, i18n } from './i18n';
import { SUPPORTED_LANGUAGES } from './languages';

// The chat and share catalogues are registered by the test setup, as a page would have them.
describe('switching the interface language', () => {
  afterAll(async () => {
    await changeLanguage('en-US');
  });

  it('loads the language’s catalogues, marks the page and remembers the choice', async () => {
    await changeLanguage('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(i18n.t('com_nav_language')).toBe(deTranslation.com_nav_language);
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('lang=de-DE');
  });

  it('also loads the catalogues of the features already on the page, and mirrors it for Arabic', async () => {
    await changeLanguage('ar-EG');
    expect(document.documentElement.dir).toBe('rtl');
    const [key, text] = Object.entries(arChat)[0] ?? [];
    expect(key && i18n.t(key as 'com_ui_new_chat')).toBe(text);
  });

  it('adds a feature loaded later in the active language, and fetches English for a key it lacks', async () => {
    await changeLanguage('ja-JP');
    const onlyEnglish = async () => ({ default: JSON.stringify({ com_test_only: 'Only in English' }) });
    addCatalogue({ '/src/locales/en-US/test-only.json': onlyEnglish });
    await cataloguesSettled();
    // Missing in Japanese: the key at first, while the en-US files are fetched, then English.
    expect(i18n.t('com_test_only' as 'com_ui_new_chat')).toBe('com_test_only');
    await cataloguesSettled();
    expect(i18n.t('com_test_only' as 'com_ui_new_chat')).toBe('Only in English');
    const [key, text] = Object.entries(jaShare)[0] ?? [];
    expect(key && i18n.t(key as 'com_ui_new_chat')).toBe(text);
  });

  it('keeps every supported code as it is (zh-Hant and he-HE are not rewritten)', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      await changeLanguage(language);
      expect([i18n.language, document.documentElement.lang]).toEqual([language, language]);
      expect(document.documentElement.dir).toBe(['ar-EG', 'fa-IR', 'he-HE'].includes(language) ? 'rtl' : 'ltr');
    }
  });

  it('follows the browser again on auto, and says so in the cookie', async () => {
    await changeLanguage('auto');
    // jsdom's browser asks for en-US.
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('lang=auto');
  });
});
