import type { ChangelogItemType } from '../../contract/public-pages';
import type { PublicPageSlug } from '../../contract/public-page-slugs';

/**
 * Every word the server-rendered public pages say around the operator's content, under the keys
 * the SPA's catalogues use (web/src/locales/en-US), so the page reads the same before and after
 * the SPA takes over (a tools test compares them) and a later round can add languages by adding
 * dictionaries keyed the same way. English only for now.
 */
const EN_US = {
  com_ui_nav_home: 'Home',
  com_ui_about: 'About',
  com_ui_changelog: 'Changelog',
  com_ui_support_us: 'Support us',
  com_ui_feedback: 'Feedback',
  com_ui_terms_of_service: 'Terms of service',
  com_ui_privacy_policy: 'Privacy policy',
  com_ui_help_and_faq: 'Help & FAQ',
  com_ui_switch_to_dark_theme: 'Switch to dark theme',
  com_ui_public_nav: 'Site pages',
  com_ui_public_menu: 'Menu',
  com_ui_changelog_description: 'What has changed in {{appTitle}}, newest first.',
  com_ui_changelog_empty: 'No changes have been recorded yet.',
  com_ui_changelog_feature: 'Feature',
  com_ui_changelog_improvement: 'Improvement',
  com_ui_changelog_note: 'Note',
  com_ui_changelog_fix: 'Fix',
  com_ui_changelog_update: 'Update',
  com_ui_changelog_rebranding: 'Rebranding',
} as const;

export type PageTextKey = keyof typeof EN_US;
export const PUBLIC_PAGE_TEXT: Readonly<Record<PageTextKey, string>> = EN_US;

/** The text of `key`, with `{{name}}` placeholders filled in. */
export function pageText(key: PageTextKey, values: Record<string, string> = {}): string {
  return PUBLIC_PAGE_TEXT[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The nav label of each page, which is also its title. */
export const NAV_TITLE_KEYS: Record<PublicPageSlug, PageTextKey> = {
  about: 'com_ui_about',
  changelog: 'com_ui_changelog',
  'support-us': 'com_ui_support_us',
  feedback: 'com_ui_feedback',
  'terms-of-service': 'com_ui_terms_of_service',
  privacy: 'com_ui_privacy_policy',
  help: 'com_ui_help_and_faq',
};

export const CHANGELOG_TYPE_KEYS: Record<ChangelogItemType, PageTextKey> = {
  Feature: 'com_ui_changelog_feature',
  Improvement: 'com_ui_changelog_improvement',
  Note: 'com_ui_changelog_note',
  Fix: 'com_ui_changelog_fix',
  Update: 'com_ui_changelog_update',
  Rebranding: 'com_ui_changelog_rebranding',
};
