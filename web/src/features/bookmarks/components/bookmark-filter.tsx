import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import '../bookmarks-i18n';
import { useTags } from '../api/get-tags';
import { useBookmarksEnabled } from '../hooks/use-bookmarks-enabled';
import { useTagFilter } from '../hooks/use-tag-filter';
import { useTaggedListSync } from '../hooks/use-tagged-list-sync';
import { setTagFilter } from '../lib/tag-filter-store';
import { toggleName } from '../lib/tag-list';
import { BookmarksManager } from './bookmarks-manager';
import { BookmarkIcon, ClearIcon, SettingsIcon } from './icons';
import { TagMenu, type TagMenuItem } from './tag-menu';

/**
 * The sidebar's bookmarks control (LibreChat's BookmarkNav): picks the bookmarks the chat
 * list is narrowed to, clears the filter, and opens the bookmarks manager. Only with
 * BOOKMARKS USE; the list reads the choice through useTagFilter.
 */
export function BookmarkFilter() {
  const enabled = useBookmarksEnabled();
  if (!enabled) return null;
  return <BookmarkFilterControl />;
}

function BookmarkFilterControl() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [loadTags, setLoadTags] = useState(false);
  const selected = useTagFilter();
  const tags = useTags(loadTags || selected.length > 0);
  const [managing, setManaging] = useState(false);
  const filtered = selected.length > 0;
  useTaggedListSync();

  const choose = (next: readonly string[]) => {
    if (user) setTagFilter(user.id, next);
  };

  const items: TagMenuItem[] = [
    ...(filtered
      ? [
          {
            kind: 'action' as const,
            id: 'clear',
            label: t('com_ui_bookmarks_clear_filter'),
            icon: <ClearIcon />,
            onSelect: () => choose([]),
          },
        ]
      : []),
    ...(tags.data ?? []).map((tag): TagMenuItem => ({
      kind: 'check',
      id: `tag-${tag._id}`,
      label: tag.tag,
      checked: selected.includes(tag.tag),
      onToggle: () => choose(toggleName(selected, tag.tag)),
    })),
    {
      kind: 'action',
      id: 'manage',
      label: t('com_ui_bookmarks_manage'),
      icon: <SettingsIcon />,
      onSelect: () => setManaging(true),
    },
  ];

  const status =
    tags.isPending && tags.fetchStatus === 'fetching'
      ? t('com_ui_loading')
      : tags.isError
        ? t('com_ui_bookmarks_load_error')
        : undefined;
  const shown = filtered ? selected.join(', ') : t('com_ui_bookmarks');

  return (
    <div className="flex items-center gap-1 px-2 pb-1">
      <div className="min-w-0 flex-1">
        <TagMenu
          trigger={
            <>
              <BookmarkIcon filled={filtered} className="size-4" />
              <span className="min-w-0 flex-1 truncate text-start">{shown}</span>
            </>
          }
          // The name starts with the visible text (WCAG 2.5.3); the menu says what it does.
          triggerLabel={filtered ? t('com_ui_bookmarks_filtered_by', { tags: shown }) : t('com_ui_bookmarks')}
          menuLabel={t('com_ui_bookmarks_filter')}
          items={items}
          status={status}
          align="start"
          menuClassName="w-full min-w-56"
          onOpen={() => setLoadTags(true)}
          triggerClassName={`flex h-9 w-full items-center gap-2 rounded-lg px-3 text-sm transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary ${
            filtered ? 'font-medium text-text-primary' : 'text-text-secondary'
          }`}
        />
      </div>
      {filtered && (
        <button
          type="button"
          aria-label={t('com_ui_bookmarks_clear_filter')}
          title={t('com_ui_bookmarks_clear_filter')}
          onClick={() => choose([])}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
        >
          <ClearIcon />
        </button>
      )}
      <BookmarksManager open={managing} onClose={() => setManaging(false)} />
    </div>
  );
}
