import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { conversation, listItem } from '@/shared/conversation/testing/fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { tag } from '../testing/fixtures';
import { renderWithBookmarks } from '../testing/render-bookmarks';
import { mockTagsApi } from '../testing/tags-api';
import { BookmarksManager } from './bookmarks-manager';

function renderManager() {
  return renderWithBookmarks(<BookmarksManager open onClose={() => undefined} />, {
    seed: (queryClient) =>
      queryClient.setQueryData(chatKeys.conversation('c1'), conversation(listItem('c1'), { tags: ['Work'] })),
  });
}

/** The bookmark names in the table, top to bottom. */
const order = () =>
  screen
    .getAllByTestId('bookmark-row')
    .map((row) => within(row).getAllByRole('cell')[1]?.querySelector('div')?.textContent);
const row = (name: string) =>
  screen.getAllByTestId('bookmark-row').find((element) => element.textContent?.includes(name)) as HTMLElement;
const putsTo = (api: ReturnType<typeof mockTagsApi>, name: string) =>
  api.calls
    .filter((call) => call.method === 'PUT' && call.url === `/api/tags/${encodeURIComponent(name)}`)
    .map((call) => JSON.parse(call.body ?? '') as unknown);

describe('BookmarksManager', () => {
  it('lists every bookmark with how many chats carry it', async () => {
    mockTagsApi({
      tags: [tag('Saved', 1), tag('Work', 2, { description: 'Job things' })],
      links: { a: ['Work'], b: ['Work'], c: ['Saved'] },
    });
    renderManager();
    await screen.findAllByTestId('bookmark-row');
    expect(order()).toEqual(['Saved', 'Work']);
    expect(within(row('Work')).getByText('2 chats')).toBeInTheDocument();
    expect(within(row('Saved')).getByText('1 chat')).toBeInTheDocument();
    expect(within(row('Work')).getByText('Job things')).toBeInTheDocument();
  });

  it('moves a bookmark with the keyboard buttons, keeping the focus on the moved row', async () => {
    const api = mockTagsApi();
    const { events } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    expect(screen.getByRole('button', { name: 'Move Saved up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Work down' }).focus();
    await events.keyboard('{Enter}');
    expect(order()).toEqual(['Saved', 'Ideas', 'Work']);
    await waitFor(() => expect(putsTo(api, 'Work')).toEqual([{ position: 3 }]));
    // Now last: its down button is disabled, so the up button holds the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Work up' })).toHaveFocus());
    expect(screen.getByText('Work moved to place 3 of 3')).toBeInTheDocument();

    await events.keyboard('{Enter}');
    await waitFor(() => expect(putsTo(api, 'Work')).toEqual([{ position: 3 }, { position: 2 }]));
    expect(order()).toEqual(['Saved', 'Work', 'Ideas']);
    expect(api.current().map((item) => item.tag)).toEqual(['Saved', 'Work', 'Ideas']);
  });

  it('moves a bookmark dragged onto another row to that place', async () => {
    const api = mockTagsApi();
    renderManager();
    await screen.findAllByTestId('bookmark-row');
    fireEvent.dragStart(row('Ideas'));
    fireEvent.dragOver(row('Saved'));
    fireEvent.drop(row('Saved'));
    fireEvent.dragEnd(row('Ideas'));
    await waitFor(() => expect(order()).toEqual(['Ideas', 'Saved', 'Work']));
    await waitFor(() => expect(putsTo(api, 'Ideas')).toEqual([{ position: 1 }]));
  });

  it('puts the old order back when the server refuses a move', async () => {
    const api = mockTagsApi({ failures: { update: jsonResponse({ message: 'Internal error' }, 500) } });
    const { events } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    await events.click(screen.getByRole('button', { name: 'Move Ideas up' }));
    await waitFor(() => expect(putsTo(api, 'Ideas')).toHaveLength(1));
    expect(await screen.findByText('The bookmark could not be moved')).toBeInTheDocument();
    expect(order()).toEqual(['Saved', 'Work', 'Ideas']);
  });

  it('renames a bookmark, and open chats follow the new name', async () => {
    const api = mockTagsApi({ links: { c1: ['Work'] } });
    const { events, queryClient } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    await events.click(screen.getByRole('button', { name: 'Edit Work' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bookmark' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Work');
    await events.clear(title);
    await events.type(title, 'Job');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Bookmark' })).not.toBeInTheDocument());
    expect(putsTo(api, 'Work')).toEqual([{ tag: 'Job' }]);
    expect(order()).toEqual(['Saved', 'Job', 'Ideas']);
    expect(queryClient.getQueryData<ChatConversation>(chatKeys.conversation('c1'))?.tags).toEqual(['Job']);
  });

  it('sends only the description when only it changed, and clears it when emptied', async () => {
    const api = mockTagsApi({ tags: [tag('Saved', 1, { description: 'Old note' })] });
    const { events } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    await events.click(screen.getByRole('button', { name: 'Edit Saved' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bookmark' });
    await events.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putsTo(api, 'Saved')).toEqual([{ description: null }]));
  });

  it('deletes a bookmark after confirmation; Cancel keeps it', async () => {
    const api = mockTagsApi({ links: { c1: ['Work'] } });
    const { events, queryClient } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    await events.click(screen.getByRole('button', { name: 'Delete Work' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete Bookmark' });
    expect(confirm).toHaveAccessibleDescription(/"Work"/);
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Delete Work' }));
    confirm = screen.getByRole('dialog', { name: 'Delete Bookmark' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(order()).toEqual(['Saved', 'Ideas']));
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/tags/Work']);
    expect(queryClient.getQueryData<ChatConversation>(chatKeys.conversation('c1'))?.tags).toEqual([]);
  });

  it('creates a bookmark at the end of the list', async () => {
    const api = mockTagsApi();
    const { events } = renderManager();
    await screen.findAllByTestId('bookmark-row');
    await events.click(screen.getByRole('button', { name: 'New Bookmark' }));
    const dialog = screen.getByRole('dialog', { name: 'New Bookmark' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await events.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Recipes{Enter}');
    await waitFor(() => expect(order()).toEqual(['Saved', 'Work', 'Ideas', 'Recipes']));
    expect(JSON.parse(api.calls.find((call) => call.method === 'POST')?.body ?? '')).toEqual({ tag: 'Recipes' });
  });

  it('says when there are no bookmarks', async () => {
    mockTagsApi({ tags: [] });
    renderManager();
    expect(await screen.findByText(/You have no bookmarks yet/)).toBeInTheDocument();
  });
});
