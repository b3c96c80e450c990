import { TITLE_MAX_CHARS } from '@contract/convos';
import type { TFunction } from '@/lib/i18n/translator';

/**
 * The title a duplicate is saved under: the original's, marked as a copy so the two rows can
 * be told apart. A long original is cut (with an ellipsis) so the whole stays within the
 * server's title limit.
 */
export function copyTitle(t: TFunction, title: string): string {
  const room = TITLE_MAX_CHARS - t('com_ui_duplicate_title', { title: '' }).length;
  const base = title.length > room ? `${title.slice(0, room - 1).trimEnd()}…` : title;
  return t('com_ui_duplicate_title', { title: base });
}
