import { useEffect, useRef } from 'react';
import type { StoredFileResponse } from '@contract/files';
import { useTranslation } from '@/lib/i18n/react';
import type { FileSort, FileSortField } from '../lib/file-list';
import { cellClasses, checkboxClasses, FileRow } from './file-row';
import { FileSortHeader } from './file-sort-header';

type FilesTableProps = {
  files: readonly StoredFileResponse[];
  sort: FileSort;
  onSort: (field: FileSortField) => void;
  selected: ReadonlySet<string>;
  onToggle: (fileId: string) => void;
  /** How many of the shown files are selected. */
  selectedCount: number;
  onToggleAll: () => void;
  onDownload: (file: StoredFileResponse) => void;
  downloadingId: string | null;
};

/** The files as a table: select (one or all shown), sort by a heading, download. */
export function FilesTable(props: FilesTableProps) {
  const { files, sort, onSort, selected, onToggle, selectedCount, onToggleAll, onDownload, downloadingId } = props;
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const selectAllRef = useRef<HTMLInputElement>(null);
  const allSelected = files.length > 0 && selectedCount === files.length;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);

  return (
    <div className="rounded-lg border border-border-light">
      <table className="w-full table-fixed text-sm sm:table-auto">
        <thead className="bg-surface-secondary text-text-secondary">
          <tr>
            <th scope="col" className={`${cellClasses} w-10`}>
              <input
                ref={selectAllRef}
                type="checkbox"
                className={checkboxClasses}
                checked={allSelected}
                onChange={onToggleAll}
                aria-label={t('com_files_select_all')}
              />
            </th>
            <FileSortHeader field="filename" label={t('com_files_col_name')} sort={sort} onSort={onSort} />
            <th scope="col" className={`${cellClasses} hidden font-medium md:table-cell`}>
              {t('com_files_col_type')}
            </th>
            <FileSortHeader
              field="bytes"
              label={t('com_files_col_size')}
              sort={sort}
              onSort={onSort}
              className="hidden sm:table-cell"
            />
            <FileSortHeader
              field="createdAt"
              label={t('com_files_col_date')}
              sort={sort}
              onSort={onSort}
              className="hidden sm:table-cell"
            />
            <th scope="col" className={`${cellClasses} hidden font-medium whitespace-nowrap sm:table-cell`}>
              {t('com_files_col_used_in')}
            </th>
            <th scope="col" className={`${cellClasses} w-12`}>
              <span className="sr-only">{t('com_files_col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <FileRow
              key={file.file_id}
              file={file}
              selected={selected.has(file.file_id)}
              onToggle={() => onToggle(file.file_id)}
              onDownload={() => onDownload(file)}
              downloading={downloadingId === file.file_id}
              dateFormat={dateFormat}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
