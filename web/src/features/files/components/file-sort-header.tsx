import { useTranslation } from 'react-i18next';
import type { FileSort, FileSortField } from '../lib/file-list';

type FileSortHeaderProps = {
  field: FileSortField;
  label: string;
  sort: FileSort;
  onSort: (field: FileSortField) => void;
  className?: string;
};

/** A column heading that sorts by its column; pressing it again turns the order round. */
export function FileSortHeader({ field, label, sort, onSort, className = '' }: FileSortHeaderProps) {
  const { t } = useTranslation();
  const direction = sort.field === field ? sort.direction : null;
  return (
    <th
      scope="col"
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      className={`px-3 py-2 text-left font-medium whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {label}
        {direction && (
          <>
            <span aria-hidden="true">{direction === 'asc' ? '↑' : '↓'}</span>
            <span className="sr-only">{t(direction === 'asc' ? 'com_files_sort_asc' : 'com_files_sort_desc')}</span>
          </>
        )}
      </button>
    </th>
  );
}
