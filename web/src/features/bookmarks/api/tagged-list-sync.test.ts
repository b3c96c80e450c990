import { describe, expect, it } from 'vitest';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { type ListData, patchInList } from '@/shared/conversation/api/list-cache';
import { listData, listItem, page } from '@/shared/conversation/testing/fixtures';
import { createQueryClient } from '@/lib/react-query';
import { isTaggedList } from './tag-caches';
import { subscribeTaggedListsToList } from './tagged-list-sync';

const unfiltered = convoKeys.list({ isArchived: false });
const tagged = convoKeys.list({ isArchived: false, tags: ['Work'] });

describe('subscribeTaggedListsToList', () => {
  it('marks the filtered lists stale when the unfiltered list is edited in place, and only then', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData<ListData>(unfiltered, listData(page([listItem('a')])));
    queryClient.setQueryData<ListData>(tagged, listData(page([listItem('a')])));
    const unsubscribe = subscribeTaggedListsToList(queryClient);
    const isStale = () => queryClient.getQueryState(tagged)?.isInvalidated;

    queryClient.setQueryData<ListData>(convoKeys.list({ isArchived: true }), listData(page([])));
    expect(isStale()).toBe(false);

    queryClient.setQueryData<ListData>(unfiltered, (data) =>
      data ? patchInList(data, 'a', { title: 'Renamed' }) : data,
    );
    expect(isStale()).toBe(true);
    unsubscribe();
  });
});

describe('isTaggedList', () => {
  it('tells filtered list keys from the others', () => {
    expect(isTaggedList({ queryKey: tagged })).toBe(true);
    expect(isTaggedList({ queryKey: unfiltered })).toBe(false);
    expect(isTaggedList({ queryKey: ['conversationTags'] })).toBe(false);
  });
});
