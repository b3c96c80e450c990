import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTranslation } from '@/lib/i18n/react';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { DeleteDialog } from '@/shared/conversation/components/delete-dialog';
import { type ArchiveSort, DEFAULT_ARCHIVE_SORT } from '../api/archived-keys';
import { useDeleteArchivedConversation } from '../api/delete-archived-conversation';
import { useArchivedConversations } from '../api/list-archived';
import { useUnarchiveConversation } from '../api/unarchive-conversation';
import { ArchivedChatRow } from './archived-chat-row';
import { ArchiveSortHeader, nextSort } from './sort-header';

/** Long enough not to ask on every key, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

type ArchivedChatsDialogProps = { open: boolean; onClose: () => void };

/**
 * The archived chats manager: a table of archived chats with search, sort by title
 * or date (newest first until changed), unarchive, and delete after a confirmation.
 */
export function ArchivedChatsDialog({ open, onClose }: ArchivedChatsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t('com_nav_archived_chats')}>
      <ArchivedChatsManager />
    </Dialog>
  );
}

function ArchivedChatsManager() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<ArchiveSort>(DEFAULT_ARCHIVE_SORT);
  const [toDelete, setToDelete] = useState<ConversationListItem | null>(null);
  const list = useArchivedConversations({ ...sort, search });
  const unarchive = useUnarchiveConversation();
  const remove = useDeleteArchivedConversation();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // The server filters by title (`search`), so the pages are the matches.
  const rows = (list.data?.pages ?? []).flatMap((page) => page.conversations);

  const onUnarchive = (conversationId: string) =>
    unarchive.mutate(conversationId, {
      onError: () => showToast({ severity: 'error', message: t('com_ui_unarchive_error') }),
    });

  const onConfirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.conversationId, {
      onSuccess: () => setToDelete(null),
      onError: () => showToast({ severity: 'error', message: t('com_ui_delete_failed') }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={searchId} className="sr-only">
          {t('com_nav_archive_search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('com_ui_search')}
          className="block w-full rounded-lg border border-border-medium bg-surface-input px-3.5 py-2 text-base text-text-primary placeholder:text-text-tertiary focus:outline-2 focus:outline-ring-primary sm:text-sm"
        />
      </div>

      <div className="overflow-x-auto rounded-lg border border-border-light">
        <table className="w-full table-fixed text-sm">
          <thead className="border-b border-border-light bg-surface-secondary/50 text-text-secondary">
            <tr>
              <ArchiveSortHeader
                field="title"
                label={t('com_nav_archive_name')}
                sort={sort}
                onSort={(field) => setSort(nextSort(sort, field))}
              />
              <ArchiveSortHeader
                field="createdAt"
                label={t('com_nav_archive_created_at')}
                sort={sort}
                onSort={(field) => setSort(nextSort(sort, field))}
                className="w-36"
              />
              <th scope="col" className="w-24 px-3 py-2 text-end font-medium">
                <span className="sr-only">{t('com_nav_archive_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody aria-busy={list.isPending || undefined}>
            {rows.map((item) => (
              <ArchivedChatRow
                key={item.conversationId}
                item={item}
                unarchiving={unarchive.isPending && unarchive.variables === item.conversationId}
                onUnarchive={onUnarchive}
                onAskDelete={setToDelete}
              />
            ))}
          </tbody>
        </table>
        <ListState list={list} empty={rows.length === 0} search={search} />
      </div>

      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('com_nav_archive_load_more')}
          </Button>
        </div>
      )}

      <DeleteDialog
        open={toDelete !== null}
        title={toDelete?.title ?? ''}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}

type ListStateProps = {
  list: ReturnType<typeof useArchivedConversations>;
  empty: boolean;
  search: string;
};

/** Below the rows: loading, the error, or why there are none. */
function ListState({ list, empty, search }: ListStateProps) {
  const { t } = useTranslation();
  if (list.isPending) {
    return (
      <p role="status" className="flex h-12 items-center justify-center gap-2 text-sm text-text-secondary">
        <Spinner /> {t('com_ui_loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="flex h-12 items-center justify-center text-sm text-text-destructive">
        {t('com_nav_archived_chats_error')}
      </p>
    );
  }
  if (!empty) return null;
  return (
    <p className="flex min-h-12 items-center justify-center px-3 py-4 text-center text-sm text-text-secondary">
      {search ? t('com_nav_archived_chats_no_match', { search }) : t('com_nav_archived_chats_empty')}
    </p>
  );
}
