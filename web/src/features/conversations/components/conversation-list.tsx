import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { useConversationList } from '@/shared/conversation/api/list-conversations';
import { DeleteDialog } from '@/shared/conversation/components/delete-dialog';
import { useRowActions } from '../hooks/use-row-actions';
import { groupByDate } from '../lib/date-groups';
import { LOAD_MORE_THROTTLE_MS, shouldLoadMore, throttle } from '../lib/paging';
import { ConversationRow, type RowActions } from './conversation-row';
import { DateHeading } from './date-heading';

/** Rows are 44 px on phones (a finger's target), 34 px otherwise. */
export const ROW_HEIGHT_SMALL_PX = 44;
export const ROW_HEIGHT_PX = 34;
/** Rows drawn beyond the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN_ROWS = 10;

type ConversationListProps = {
  activeConversationId: string | undefined;
  isSmall: boolean;
  /** A row was opened with a plain click. */
  onOpen?: () => void;
  /** Only chats with one of these bookmarks (the sidebar's bookmark filter); none: all chats. */
  tags?: readonly string[];
};

/**
 * The user's conversations, newest first under date headings, drawn virtually: only the rows
 * near the view exist in the DOM, so thousands of conversations scroll as smoothly as ten.
 */
export function ConversationList({ activeConversationId, isSmall, onOpen, tags }: ConversationListProps) {
  const { t } = useTranslation();
  const list = useConversationList(tags);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const actions = useRowActions(activeConversationId);
  const [toDelete, setToDelete] = useState<ConversationListItem | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = isSmall ? ROW_HEIGHT_SMALL_PX : ROW_HEIGHT_PX;

  const items = useMemo(() => list.data?.pages.flatMap((page) => page.conversations) ?? [], [list.data]);
  // "Today" is read when the list changes, not every render: headings must not move under the pointer.
  const rows = useMemo(
    () =>
      groupByDate(
        items,
        (item) => new Date(item.updatedAt),
        (item) => item.conversationId,
        new Date(),
      ),
    [items],
  );
  const showLoadingRow = list.isFetching && (list.isPending || isFetchingNextPage);
  const rowCount = rows.length + (showLoadingRow ? 1 : 0);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => rows[index]?.key ?? 'loading',
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRenderedIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const loadMore = useMemo(() => throttle(() => void fetchNextPage(), LOAD_MORE_THROTTLE_MS), [fetchNextPage]);
  useEffect(() => loadMore.cancel, [loadMore]);
  useEffect(() => {
    if (shouldLoadMore({ lastRenderedIndex, rowCount: rows.length, hasNextPage, isFetching: isFetchingNextPage }))
      loadMore();
  }, [lastRenderedIndex, rows.length, hasNextPage, isFetchingNextPage, loadMore]);

  const rowActions: RowActions = { ...actions, askDelete: setToDelete };

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
      {list.isError && items.length === 0 && (
        <p className="px-3 py-2 text-sm text-text-secondary">{t('com_ui_conversations_error')}</p>
      )}
      {list.isSuccess && items.length === 0 && (
        <p className="px-3 py-2 text-sm text-text-secondary">
          {t(tags?.length ? 'com_ui_bookmarks_no_filtered' : 'com_ui_no_conversations')}
        </p>
      )}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((virtualRow) => {
          const row = rows[virtualRow.index];
          return (
            <div
              key={virtualRow.key}
              className="absolute start-0 top-0 w-full focus-within:z-10"
              style={{ height: virtualRow.size, transform: `translateY(${virtualRow.start}px)` }}
            >
              {row === undefined ? (
                <div role="status" className="flex h-full items-center gap-2 px-3 text-sm text-text-secondary">
                  <Spinner />
                  {t('com_ui_loading_conversations')}
                </div>
              ) : row.type === 'heading' ? (
                <DateHeading group={row.group} />
              ) : (
                <ConversationRow
                  item={row.item}
                  isActive={row.item.conversationId === activeConversationId}
                  actions={rowActions}
                  onOpen={onOpen}
                />
              )}
            </div>
          );
        })}
      </div>
      <DeleteDialog
        open={toDelete !== null}
        title={toDelete?.title ?? ''}
        pending={actions.isDeleting}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) actions.remove(toDelete.conversationId, () => setToDelete(null));
        }}
      />
    </div>
  );
}
