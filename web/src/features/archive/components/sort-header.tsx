import { useTranslation } from '@/lib/i18n/react';
import type { ArchiveSort, ArchiveSortField } from '../api/archived-keys';
import { SortHeader } from '@/components/ui/sort-header';
import { SortIcon } from './archive-icons';

type ArchiveSortHeaderProps = {
  field: ArchiveSortField;
  label: string;
  sort: ArchiveSort;
  onSort: (field: ArchiveSortField) => void;
  className?: string;
};

/** An archive column heading that sorts by its column; pressing it again turns the order round. */
export function ArchiveSortHeader({ field, label, sort, onSort, className }: ArchiveSortHeaderProps) {
  const { t } = useTranslation();
  const direction = sort.sortBy === field ? sort.sortDirection : null;
  return (
    <SortHeader
      label={label}
      direction={direction}
      onSort={() => onSort(field)}
      directionLabel={(order) => t(order === 'asc' ? 'com_nav_archive_sort_asc' : 'com_nav_archive_sort_desc')}
      indicator={<SortIcon direction={direction} />}
      {...(className ? { className } : {})}
    />
  );
}

/** The next sort after pressing `field`'s heading: flip it, or start a new column in its natural order. */
export function nextSort(current: ArchiveSort, field: ArchiveSortField): ArchiveSort {
  if (current.sortBy === field)
    return { sortBy: field, sortDirection: current.sortDirection === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortDirection: field === 'title' ? 'asc' : 'desc' };
}
