import { describe, expect, it } from 'vitest';
import { deletableIds, toggleSort } from './sort-toggle';

describe('toggleSort', () => {
  it('flips the direction of the current column, and starts another in its natural order', () => {
    expect(toggleSort({ sortBy: 'createdAt', sortDirection: 'desc' }, 'createdAt')).toEqual({
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(toggleSort({ sortBy: 'createdAt', sortDirection: 'asc' }, 'title')).toEqual({
      sortBy: 'title',
      sortDirection: 'asc',
    });
    expect(toggleSort({ sortBy: 'title', sortDirection: 'asc' }, 'title')).toEqual({
      sortBy: 'title',
      sortDirection: 'desc',
    });
    expect(toggleSort({ sortBy: 'title', sortDirection: 'asc' }, 'createdAt')).toEqual({
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
  });
});

describe('deletableIds', () => {
  it('keeps only non-empty ids', () => {
    expect(deletableIds(['a', '', '  ', null, undefined, 'b'])).toEqual(['a', 'b']);
  });
});
