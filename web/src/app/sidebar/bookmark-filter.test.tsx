import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sidebar } from '@/app/sidebar/sidebar';
import { resetTagFilter } from '@/features/bookmarks/lib/tag-filter-store';
import { renderWithBookmarks } from '@/features/bookmarks/testing/render-bookmarks';
import { mockTagsApi } from '@/features/bookmarks/testing/tags-api';
import { giveListASize } from '@/features/conversations/testing/render-sidebar';
import { listItem } from '@/shared/conversation/testing/fixtures';

const conversations = [listItem('a', 5, 'Alpha'), listItem('b', 10, 'Beta'), listItem('c', 15, 'Gamma')];
const links = { a: ['Work'], b: ['Ideas'] };
/** The first render of the whole sidebar can be slow on a busy machine. */
const FIRST_LOAD = { timeout: 5_000 };

function renderSidebar(access = {}) {
  return renderWithBookmarks(
    <Sidebar id="sidebar" activeConversationId={undefined} isSmall={false} onClose={() => undefined} />,
    access,
  );
}

/** The `tags` parameters of the list requests, in order. */
const listTags = (api: ReturnType<typeof mockTagsApi>) =>
  api.calls
    .filter((call) => call.url.startsWith('/api/convos?'))
    .map((call) => new URL(call.url, 'http://test').searchParams.getAll('tags'));
const shownTitles = () =>
  screen
    .queryAllByRole('link')
    .map((link) => link.textContent)
    .filter((title) => ['Alpha', 'Beta', 'Gamma'].includes(title ?? ''));
const filterButton = () => screen.getByRole('button', { name: /^Bookmarks/ });

describe('BookmarkFilter in the sidebar', () => {
  beforeEach(() => {
    giveListASize();
  });
  afterEach(() => {
    resetTagFilter();
  });

  it('narrows the list to the picked bookmarks, then clears the filter', async () => {
    const api = mockTagsApi({ conversations, links });
    const { events } = renderSidebar();
    await screen.findByRole('link', { name: 'Gamma' }, FIRST_LOAD);
    expect(listTags(api)).toEqual([[]]);

    await events.click(filterButton());
    const menu = screen.getByRole('menu', { name: 'Filter chats by bookmark' });
    await events.click(await within(menu).findByRole('menuitemcheckbox', { name: 'Work' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Work' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(shownTitles()).toEqual(['Alpha']));
    expect(listTags(api).at(-1)).toEqual(['Work']);
    expect(filterButton()).toHaveAccessibleName('Bookmarks: Work');

    // A second bookmark widens it: chats with either one.
    await events.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ideas' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Alpha', 'Beta']));
    expect(listTags(api).at(-1)).toEqual(['Work', 'Ideas']);

    await events.keyboard('{Escape}');
    await events.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(filterButton()).toHaveAccessibleName('Bookmarks');
  });

  it('clears the filter from its menu too, and says when no chat has the bookmarks', async () => {
    mockTagsApi({ conversations, links });
    const { events } = renderSidebar();
    await screen.findByRole('link', { name: 'Gamma' }, FIRST_LOAD);
    await events.click(filterButton());
    await events.click(await screen.findByRole('menuitemcheckbox', { name: 'Saved' }));
    expect(await screen.findByText('No chats with these bookmarks')).toBeInTheDocument();
    await events.click(screen.getByRole('menuitem', { name: 'Clear filter' }));
    await screen.findByRole('link', { name: 'Gamma' }, FIRST_LOAD);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps the filter when the sidebar closes and opens again', async () => {
    mockTagsApi({ conversations, links });
    const { events } = renderSidebar();
    await events.click(filterButton());
    await events.click(await screen.findByRole('menuitemcheckbox', { name: 'Ideas' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Beta']));
    // Closing the sidebar unmounts it; the one drawn on opening has the same filter.
    cleanup();
    renderSidebar();
    expect(await screen.findByRole('button', { name: 'Bookmarks: Ideas' })).toBeInTheDocument();
    await waitFor(() => expect(shownTitles()).toEqual(['Beta']));
  });

  it('opens the bookmarks manager, where deleting a filtered bookmark drops it from the filter', async () => {
    const api = mockTagsApi({ conversations, links });
    const { events } = renderSidebar();
    await events.click(filterButton());
    await events.click(await screen.findByRole('menuitemcheckbox', { name: 'Work' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Alpha']));
    await events.click(screen.getByRole('menuitem', { name: 'Manage bookmarks' }));
    const manager = screen.getByRole('dialog', { name: 'Bookmarks' });
    await events.click(await within(manager).findByRole('button', { name: 'Delete Work' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete Bookmark' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(filterButton()).toHaveAccessibleName('Bookmarks'));
    // Back to the whole list, which was still cached: no new request without tags needed.
    await waitFor(() => expect(shownTitles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(listTags(api).filter((tags) => tags.length === 0)).toHaveLength(1);
  });

  it('is absent without the BOOKMARKS USE permission, and the list is not filtered', async () => {
    const api = mockTagsApi({ conversations, links });
    renderSidebar({ canUse: false });
    await screen.findByRole('link', { name: 'Gamma' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: /bookmark/i })).not.toBeInTheDocument();
    expect(api.callsTo('/api/tags')).toHaveLength(0);
  });
});
