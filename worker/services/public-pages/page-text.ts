import type { ChangelogItemType } from '../../contract/public-pages';
import type { PublicPageSlug } from '../../contract/public-page-slugs';
import type { PageTextKey } from '../page-language/page-text';

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
