import { SelectField } from '@/components/ui/select-field';
import { useTranslation } from '@/lib/i18n/react';
import type { FileSort, FileSortField } from '../lib/file-list';

const ORDERS = [
  ['createdAt', 'desc', 'com_files_sort_date_desc'],
  ['createdAt', 'asc', 'com_files_sort_date_asc'],
  ['filename', 'asc', 'com_files_sort_name_asc'],
  ['filename', 'desc', 'com_files_sort_name_desc'],
  ['bytes', 'desc', 'com_files_sort_size_desc'],
  ['bytes', 'asc', 'com_files_sort_size_asc'],
] as const;

/**
 * The sort as one native select, for phones: there the size and date columns are hidden, and
 * with them the headings that sort by them.
 */
export function FileSortSelect({ sort, onChange }: { sort: FileSort; onChange: (sort: FileSort) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm text-text-secondary sm:hidden">
      {t('com_files_sort_by')}
      <SelectField
        className="flex-1"
        value={`${sort.field} ${sort.direction}`}
        onChange={(event) => {
          const [field, direction] = event.target.value.split(' ') as [FileSortField, FileSort['direction']];
          onChange({ field, direction });
        }}
        options={ORDERS.map(([field, direction, key]) => ({ value: `${field} ${direction}`, label: t(key) }))}
      />
    </label>
  );
}
