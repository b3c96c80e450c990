import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

type SortHeaderProps = {
  label: string;
  /** The order when this is the sorted column, else null. */
  direction: SortDirection | null;
  onSort: () => void;
  /** What a screen reader hears after the label of the sorted column (e.g. "sorted ascending"). */
  directionLabel: (direction: SortDirection) => string;
  /** Beside the label; an arrow on the sorted column unless given. */
  indicator?: ReactNode;
  className?: string;
};

/**
 * A table's column heading that sorts by its column (a button in the `th`, with `aria-sort`);
 * the caller decides what pressing it again does (usually turning the order round).
 */
export function SortHeader({ label, direction, onSort, directionLabel, indicator, className = '' }: SortHeaderProps) {
  return (
    <th
      scope="col"
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      className={`px-3 py-2 text-start font-medium whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={onSort}
        className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {label}
        {indicator ?? (direction && <span aria-hidden="true">{direction === 'asc' ? '↑' : '↓'}</span>)}
        {direction && <span className="sr-only">{directionLabel(direction)}</span>}
      </button>
    </th>
  );
}
