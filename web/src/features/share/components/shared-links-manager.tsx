import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTranslation } from '@/lib/i18n/react';
import '../share-i18n';
import { useDeleteSharedLinks } from '../api/delete-shared-links';
import { DEFAULT_SHARED_LINKS_SORT, type SharedLinksSort, useSharedLinks } from '../api/list-shared-links';
import { deletableIds, toggleSort } from '../lib/sort-toggle';
import { SharedLinksTable } from './shared-links-table';

/** The search waits for a 300 ms pause in typing. */
export const SHARED_LINKS_SEARCH_DEBOUNCE_MS = 300;

/**
 * The user's shared links (Settings → Data): search, sort by name or date, load more by
 * cursor, and delete one or many. Deletes are optimistic and put back on failure.
 */
export function SharedLinksManager({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SHARED_LINKS_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SharedLinksSort>(DEFAULT_SHARED_LINKS_SORT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useSharedLinks({ ...sort, search });
  const remove = useDeleteSharedLinks();

  const links = useMemo(() => list.data?.pages.flatMap((page) => page.links) ?? [], [list.data]);
  // Selection survives paging, but only rows still shown count (deleted ones drop out).
  const selectedIds = links.filter((link) => selected.has(link.shareId)).map((link) => link.shareId);

  const deleteLinks = (ids: readonly string[], bulk: boolean) => {
    const valid = deletableIds(ids);
    if (valid.length === 0) {
      showToast({ severity: 'warning', message: t('com_ui_no_valid_items') });
      return;
    }
    setSelected((current) => new Set([...current].filter((id) => !valid.includes(id))));
    remove.mutate(valid, {
      onSuccess: () =>
        showToast({
          severity: 'success',
          message: t(bulk ? 'com_ui_shared_link_bulk_delete_success' : 'com_ui_shared_link_delete_success'),
        }),
      onError: () => {
        if (bulk) setSelected((current) => new Set([...current, ...valid]));
        showToast({ severity: 'error', message: t(bulk ? 'com_ui_bulk_delete_error' : 'com_ui_share_delete_error') });
      },
    });
  };

  const toggleOne = (shareId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(shareId)) next.add(shareId);
      return next;
    });
  const toggleAll = () =>
    setSelected(selectedIds.length === links.length ? new Set() : new Set(links.map((link) => link.shareId)));

  const emptyText = search ? t('com_nav_shared_links_no_match') : t('com_nav_shared_links_empty');

  return (
    <Dialog open onClose={onClose} title={t('com_nav_shared_links')} size="lg">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TextField
            className="sm:w-72"
            type="search"
            label={t('com_nav_shared_links_search')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
          <DangerButton disabled={selectedIds.length === 0} onClick={() => deleteLinks(selectedIds, true)}>
            {t('com_nav_shared_links_delete_selected', { count: selectedIds.length })}
          </DangerButton>
        </div>

        {list.isPending && (
          <div className="flex justify-center py-6" role="status" aria-label={t('com_ui_loading')}>
            <Spinner className="size-6" />
          </div>
        )}
        {list.isError && links.length === 0 && (
          <p className="text-sm text-text-secondary">{t('com_nav_shared_links_error')}</p>
        )}
        {list.isSuccess && links.length === 0 && <p className="text-sm text-text-secondary">{emptyText}</p>}
        {links.length > 0 && (
          <SharedLinksTable
            links={links}
            sort={sort}
            onSort={(column) => setSort((current) => toggleSort(current, column))}
            selected={selected}
            onToggle={toggleOne}
            allSelected={selectedIds.length === links.length}
            someSelected={selectedIds.length > 0}
            onToggleAll={toggleAll}
            onDelete={(shareId) => deleteLinks([shareId], false)}
          />
        )}
        {list.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('com_nav_shared_links_load_more')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
