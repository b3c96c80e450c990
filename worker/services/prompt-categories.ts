import type { Category } from '../contract/config';

/**
 * The prompt library's categories. Labels are translation keys the SPA resolves, so the list
 * reads in every language.
 */
export const PROMPT_CATEGORIES: readonly Category[] = [
  'idea',
  'travel',
  'teach_or_explain',
  'write',
  'shop',
  'code',
  'misc',
  'roleplay',
  'finance',
].map((value) => ({ label: `com_ui_${value}`, value }));
