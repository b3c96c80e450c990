import { describe, expect, it } from 'vitest';
import { listData, listItem, page } from '../testing/fixtures';
import { findInList, patchInList, prependToList, removeFromList } from './list-cache';

const ids = (data: ReturnType<typeof listData>) => data.pages.map((p) => p.conversations.map((c) => c.conversationId));

describe('the list cache edits', () => {
  const data = listData(page([listItem('a'), listItem('b')], 'c1'), page([listItem('c')], 'c2'), page([listItem('d')]));

  it('removes a conversation and drops the page it leaves empty, with its cursor', () => {
    const next = removeFromList(data, 'c');
    expect(ids(next)).toEqual([['a', 'b'], ['d']]);
    expect(next.pageParams).toEqual([null, 'cursor-2']);
  });

  it('keeps an emptied first page: an empty list is still a loaded list', () => {
    const next = removeFromList(listData(page([listItem('a')])), 'a');
    expect(next.pages).toEqual([page([])]);
  });

  it('prepends to the first page, taking the row out of wherever it was', () => {
    expect(ids(prependToList(data, listItem('d', 0, 'moved')))).toEqual([['d', 'a', 'b'], ['c']]);
    expect(ids(prependToList(data, listItem('new')))).toEqual([['new', 'a', 'b'], ['c'], ['d']]);
  });

  it('patches a row in place and leaves the others as they were (same objects)', () => {
    const next = patchInList(data, 'c', { title: 'Renamed' });
    expect(ids(next)).toEqual(ids(data));
    expect(findInList(next, 'c')?.title).toBe('Renamed');
    expect(next.pages[0]?.conversations[0]).toBe(data.pages[0]?.conversations[0]);
  });
});
