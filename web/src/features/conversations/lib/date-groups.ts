/*
 * The sidebar's date headings: Today, Yesterday, Previous 7 days, Previous 30
 * days, then the months of the current year, then earlier years, newest first. Days are the
 * user's local calendar days, so "Yesterday" starts at local midnight, not 24 hours ago.
 */

export type DateGroup =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'previous7' }
  | { kind: 'previous30' }
  | { kind: 'month'; month: number }
  | { kind: 'year'; year: number };

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
/** Calendar arithmetic, so a daylight-saving change does not shift a boundary by an hour. */
const daysBefore = (day: Date, days: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() - days);

export function dateGroupOf(updatedAt: Date, now: Date): DateGroup {
  const today = startOfDay(now);
  // A clock slightly ahead on the server still means "today".
  if (updatedAt >= today) return { kind: 'today' };
  if (updatedAt >= daysBefore(today, 1)) return { kind: 'yesterday' };
  if (updatedAt >= daysBefore(today, 7)) return { kind: 'previous7' };
  if (updatedAt >= daysBefore(today, 30)) return { kind: 'previous30' };
  if (updatedAt.getFullYear() === now.getFullYear()) return { kind: 'month', month: updatedAt.getMonth() };
  return { kind: 'year', year: updatedAt.getFullYear() };
}

/** A stable key per heading, to compare neighbours and key the rows. */
export const dateGroupKey = (group: DateGroup): string =>
  group.kind === 'month' ? `month-${group.month}` : group.kind === 'year' ? `year-${group.year}` : group.kind;

export type GroupedRow<T> = { type: 'heading'; key: string; group: DateGroup } | { type: 'item'; key: string; item: T };

/**
 * The flat rows the virtual list draws: a heading wherever the group changes. The list arrives
 * newest first, so each group's rows are contiguous.
 */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => Date,
  idOf: (item: T) => string,
  now: Date,
): GroupedRow<T>[] {
  const rows: GroupedRow<T>[] = [];
  let previous: string | null = null;
  for (const item of items) {
    const group = dateGroupOf(dateOf(item), now);
    const key = dateGroupKey(group);
    if (key !== previous) rows.push({ type: 'heading', key: `heading-${key}`, group });
    previous = key;
    rows.push({ type: 'item', key: idOf(item), item });
  }
  return rows;
}
