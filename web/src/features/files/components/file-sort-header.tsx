import { SortHeader } from '@/components/ui/sort-header';
import { useTranslation } from '@/lib/i18n/react';
import type { FileSort, FileSortField } from '../lib/file-list';

type FileSortHeaderProps = {
  field: FileSortField;
  label: string;
  sort: FileSort;
  onSort: (field: FileSortField) => void;
  className?: string;
};

/** A file table's column heading; pressing it again turns the order round. */
export function FileSortHeader({ field, label, sort, onSort, className }: FileSortHeaderProps) {
  const { t } = useTranslation();
  return (
    <SortHeader
      label={label}
      direction={sort.field === field ? sort.direction : null}
      onSort={() => onSort(field)}
      directionLabel={(direction) => t(direction === 'asc' ? 'com_files_sort_asc' : 'com_files_sort_desc')}
      {...(className ? { className } : {})}
    />
  );
}
