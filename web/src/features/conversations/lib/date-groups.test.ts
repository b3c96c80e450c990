import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups';

// Wednesday 15 May 2024, 10:30 local time.
const now = new Date(2024, 4, 15, 10, 30);
const at = (...parts: [number, number, number, number?, number?, number?, number?]) => new Date(...parts);

describe('dateGroupOf', () => {
  it.each([
    ['local midnight today', at(2024, 4, 15, 0, 0, 0, 0), { kind: 'today' }],
    ['a moment in the future', at(2024, 4, 15, 11, 0), { kind: 'today' }],
    ['the last millisecond of yesterday', at(2024, 4, 14, 23, 59, 59, 999), { kind: 'yesterday' }],
    ['midnight starting yesterday', at(2024, 4, 14, 0, 0), { kind: 'yesterday' }],
    ['just before yesterday', at(2024, 4, 13, 23, 59, 59, 999), { kind: 'previous7' }],
    ['midnight 7 days ago', at(2024, 4, 8, 0, 0), { kind: 'previous7' }],
    ['just before 7 days ago', at(2024, 4, 7, 23, 59, 59, 999), { kind: 'previous30' }],
    ['midnight 30 days ago', at(2024, 3, 15, 0, 0), { kind: 'previous30' }],
    ['just before 30 days ago, same year', at(2024, 3, 14, 23, 59, 59, 999), { kind: 'month', month: 3 }],
    ['1 January this year', at(2024, 0, 1, 0, 0), { kind: 'month', month: 0 }],
    ['31 December last year', at(2023, 11, 31, 23, 59), { kind: 'year', year: 2023 }],
    ['years ago', at(2019, 6, 1), { kind: 'year', year: 2019 }],
  ])('puts %s in %o', (_, date, expected) => {
    expect(dateGroupOf(date, now)).toEqual(expected);
  });

  it('keeps "Previous 30 days" within the previous year early in January', () => {
    const newYear = new Date(2024, 0, 3, 9);
    expect(dateGroupOf(new Date(2023, 11, 20), newYear)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(new Date(2023, 11, 1), newYear)).toEqual({ kind: 'year', year: 2023 });
  });
});

describe('groupByDate', () => {
  it('adds a heading each time the group changes, newest first', () => {
    const items = [
      { id: 'a', at: at(2024, 4, 15, 9) },
      { id: 'b', at: at(2024, 4, 15, 8) },
      { id: 'c', at: at(2024, 4, 14, 8) },
      { id: 'd', at: at(2024, 1, 2) },
      { id: 'e', at: at(2022, 1, 2) },
    ];
    const rows = groupByDate(
      items,
      (item) => item.at,
      (item) => item.id,
      now,
    );
    expect(rows.map((row) => row.key)).toEqual([
      'heading-today',
      'a',
      'b',
      'heading-yesterday',
      'c',
      'heading-month-1',
      'd',
      'heading-year-2022',
      'e',
    ]);
  });

  it('has no rows for no items', () => {
    expect(
      groupByDate(
        [],
        () => now,
        () => '',
        now,
      ),
    ).toEqual([]);
  });
});
