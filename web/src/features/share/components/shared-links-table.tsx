import { useEffect, useRef } from 'react';
import type { SharedLinkItem } from '@contract/share';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import type { SharedLinksSort } from '../api/list-shared-links';

type SharedLinksTableProps = {
  links: readonly SharedLinkItem[];
  sort: SharedLinksSort;
  onSort: (column: SharedLinksSort['sortBy']) => void;
  selected: ReadonlySet<string>;
  onToggle: (shareId: string) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onDelete: (shareId: string) => void;
};

const cellClasses = 'px-3 py-2 text-start align-middle';
const checkboxClasses =
  'size-4 accent-surface-submit focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary';

/** The links as a table: select, open (new tab: the page is served by the Worker), delete. */
export function SharedLinksTable(props: SharedLinksTableProps) {
  const { links, sort, onSort, selected, onToggle, allSelected, someSelected, onToggleAll, onDelete } = props;
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const selectAllRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

  return (
    <div className="overflow-x-auto rounded-lg border border-border-light">
      <table className="w-full text-sm">
        <thead className="bg-surface-secondary text-text-secondary">
          <tr>
            <th scope="col" className={`${cellClasses} w-10`}>
              <input
                ref={selectAllRef}
                type="checkbox"
                className={checkboxClasses}
                checked={allSelected}
                onChange={onToggleAll}
                aria-label={t('com_nav_shared_links_select_all')}
              />
            </th>
            <SortHeader column="title" label={t('com_nav_shared_links_name')} sort={sort} onSort={onSort} />
            <SortHeader column="createdAt" label={t('com_nav_shared_links_date_shared')} sort={sort} onSort={onSort} />
            <th scope="col" className={`${cellClasses} w-16`}>
              <span className="sr-only">{t('com_nav_shared_links_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.shareId} className="border-t border-border-light">
              <td className={cellClasses}>
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  checked={selected.has(link.shareId)}
                  onChange={() => onToggle(link.shareId)}
                  aria-label={t('com_nav_shared_links_select', { title: link.title })}
                />
              </td>
              <td className={`${cellClasses} max-w-0 w-full`}>
                <a
                  href={paths.share.getHref(link.shareId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring-primary"
                >
                  {link.title}
                </a>
              </td>
              <td className={`${cellClasses} whitespace-nowrap text-text-secondary`}>
                <time dateTime={link.createdAt}>{dateFormat.format(new Date(link.createdAt))}</time>
              </td>
              <td className={cellClasses}>
                <button
                  type="button"
                  onClick={() => onDelete(link.shareId)}
                  aria-label={t('com_nav_shared_links_delete_named', { title: link.title })}
                  className="rounded-md p-1.5 text-text-secondary transition hover:bg-surface-secondary hover:text-text-destructive focus-visible:outline-2 focus-visible:outline-ring-primary"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
                  </svg>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SortHeaderProps = {
  column: SharedLinksSort['sortBy'];
  label: string;
  sort: SharedLinksSort;
  onSort: (column: SharedLinksSort['sortBy']) => void;
};

/** A column header that sorts by its column; a second click flips the direction. */
function SortHeader({ column, label, sort, onSort }: SortHeaderProps) {
  const { t } = useTranslation();
  const active = sort.sortBy === column;
  const direction = active ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={direction} className={`${cellClasses} whitespace-nowrap font-medium`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded-md hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {label}
        {active && (
          <>
            <span aria-hidden="true">{sort.sortDirection === 'asc' ? '↑' : '↓'}</span>
            <span className="sr-only">
              {t(sort.sortDirection === 'asc' ? 'com_nav_shared_links_sorted_asc' : 'com_nav_shared_links_sorted_desc')}
            </span>
          </>
        )}
      </button>
    </th>
  );
}
