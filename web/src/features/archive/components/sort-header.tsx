import { useTranslation } from 'react-i18next';
import type { ArchiveSort, ArchiveSortField } from '../api/archived-keys';
import { SortIcon } from './archive-icons';

type SortHeaderProps = {
  field: ArchiveSortField;
  label: string;
  sort: ArchiveSort;
  onSort: (field: ArchiveSortField) => void;
  className?: string;
};

/** A column heading that sorts by its column; pressing it again turns the order round. */
export function SortHeader({ field, label, sort, onSort, className = '' }: SortHeaderProps) {
  const { t } = useTranslation();
  const direction = sort.sortBy === field ? sort.sortDirection : null;
  return (
    <th
      scope="col"
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      className={`px-3 py-2 text-left font-medium ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {label}
        <SortIcon direction={direction} />
        {direction && (
          <span className="sr-only">
            {t(direction === 'asc' ? 'com_nav_archive_sort_asc' : 'com_nav_archive_sort_desc')}
          </span>
        )}
      </button>
    </th>
  );
}

/** The next sort after pressing `field`'s heading: flip it, or start a new column in its natural order. */
export function nextSort(current: ArchiveSort, field: ArchiveSortField): ArchiveSort {
  if (current.sortBy === field)
    return { sortBy: field, sortDirection: current.sortDirection === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortDirection: field === 'title' ? 'asc' : 'desc' };
}
