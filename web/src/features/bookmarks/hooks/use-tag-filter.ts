import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { useTags } from '../api/get-tags';
import { useStoredTagFilter } from '../lib/tag-filter-store';
import { useBookmarksEnabled } from './use-bookmarks-enabled';

const NONE: readonly string[] = [];

/**
 * The bookmarks the sidebar list is filtered by: none without bookmarks, and only names that
 * still exist (a bookmark deleted from the manager leaves the filter by itself). Returned in
 * the order they were picked.
 */
export function useTagFilter(): readonly string[] {
  const enabled = useBookmarksEnabled();
  const { data: user } = useCurrentUser();
  const selected = useStoredTagFilter(user?.id);
  const { data: tags } = useTags(enabled && selected.length > 0);
  if (!enabled || selected.length === 0 || !tags) return NONE;
  const known = selected.filter((name) => tags.some((tag) => tag.tag === name));
  return known.length === selected.length ? selected : known;
}
