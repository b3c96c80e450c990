import { useMemo, useState } from 'react';
import type { StoredFileResponse } from '@contract/files';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { useFiles } from '../api/list-files';
import { useDeleteFiles } from '../api/use-delete-files';
import '../files-i18n';
import { DEFAULT_FILE_SORT, type FileSort, filterByName, nextFileSort, selectedIn, sortFiles } from '../lib/file-list';
import { DeleteFilesDialog } from './delete-files-dialog';
import { TrashIcon } from './file-icons';
import { FileSortSelect } from './file-sort-select';
import { FilesTable } from './files-table';
import { useDownloadFile } from './use-download-file';

const EMPTY: readonly StoredFileResponse[] = [];

/**
 * The user's files: search by name, sort, select one, some or all shown, delete them after a
 * confirmation, download one. The whole list comes in one answer, so search and sort are local.
 */
export function FileManager() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const list = useFiles();
  const remove = useDeleteFiles();
  const { download, busyId } = useDownloadFile();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<FileSort>(DEFAULT_FILE_SORT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const all = list.data ?? EMPTY;
  const shown = useMemo(() => sortFiles(filterByName(all, search), sort), [all, search, sort]);
  // Only files still shown count: a search hides rows, and a delete must not reach hidden ones.
  const chosen = selectedIn(shown, selected);

  const toggleOne = (fileId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(fileId)) next.add(fileId);
      return next;
    });
  const toggleAll = () =>
    setSelected(chosen.length === shown.length ? new Set() : new Set(shown.map((file) => file.file_id)));

  const deleteChosen = () => {
    setConfirming(false);
    remove.mutate(chosen, {
      onSuccess: (answer) => {
        setSelected(new Set());
        showToast({ severity: 'success', message: answer.message || t('com_files_deleted') });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          message: error instanceof ApiError && error.message ? error.message : t('com_files_delete_error'),
        }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          className="sm:w-80"
          type="search"
          label={t('com_files_search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          {chosen.length > 0 && (
            <span className="text-sm text-text-secondary" aria-live="polite">
              {t('com_files_selected_count', { count: chosen.length })}
            </span>
          )}
          <DangerButton
            disabled={chosen.length === 0 || remove.isPending}
            aria-busy={remove.isPending || undefined}
            onClick={() => setConfirming(true)}
          >
            <TrashIcon />
            {t('com_files_delete_selected')}
          </DangerButton>
        </div>
      </div>
      {all.length > 0 && <FileSortSelect sort={sort} onChange={setSort} />}

      {list.isPending && (
        <div className="flex justify-center py-10" role="status" aria-label={t('com_ui_loading')}>
          <Spinner className="size-6" />
        </div>
      )}
      {list.isError && (
        <div className="flex flex-col items-start gap-3 py-6" role="alert">
          <p className="text-sm text-text-secondary">{t('com_files_load_error')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('com_files_retry')}
          </Button>
        </div>
      )}
      {list.isSuccess && shown.length === 0 && (
        <p className="py-10 text-center text-sm text-text-secondary">
          {all.length === 0 ? t('com_files_empty') : t('com_files_no_match')}
        </p>
      )}
      {shown.length > 0 && (
        <FilesTable
          files={shown}
          sort={sort}
          onSort={(field) => setSort((current) => nextFileSort(current, field))}
          selected={selected}
          onToggle={toggleOne}
          selectedCount={chosen.length}
          onToggleAll={toggleAll}
          onDownload={(file) => void download(file)}
          downloadingId={busyId}
        />
      )}
      {confirming && (
        <DeleteFilesDialog count={chosen.length} onConfirm={deleteChosen} onClose={() => setConfirming(false)} />
      )}
    </div>
  );
}
