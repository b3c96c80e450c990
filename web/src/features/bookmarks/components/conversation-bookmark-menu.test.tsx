import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tag } from '@contract/tags';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { type ChatConversation, useConversation } from '@/shared/conversation/api/get-conversation';
import { conversation, listItem } from '@/shared/conversation/testing/fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { tagKeys } from '../api/tag-keys';
import { renderWithBookmarks } from '../testing/render-bookmarks';
import { mockTagsApi } from '../testing/tags-api';
import { ConversationBookmarkMenu } from './conversation-bookmark-menu';

const ID = 'c1';

/** The menu as the header shows it: fed by the conversation's query. */
function HeaderMenu() {
  const { data } = useConversation(ID);
  return data ? <ConversationBookmarkMenu conversation={data} /> : null;
}

function renderMenu(tags: string[] = [], access = {}) {
  return renderWithBookmarks(<HeaderMenu />, {
    ...access,
    seed: (queryClient) => queryClient.setQueryData(chatKeys.conversation(ID), conversation(listItem(ID), { tags })),
  });
}

const cachedTags = (queryClient: QueryClient) =>
  queryClient.getQueryData<ChatConversation>(chatKeys.conversation(ID))?.tags;
const count = (queryClient: QueryClient, name: string) =>
  queryClient.getQueryData<Tag[]>(tagKeys.all)?.find((item) => item.tag === name)?.count;
const trigger = () => screen.getByRole('button', { name: 'Bookmarks' });
const isFilled = () => trigger().querySelector('svg')?.hasAttribute('data-filled') ?? false;

describe('ConversationBookmarkMenu', () => {
  it('is absent without the BOOKMARKS USE permission', () => {
    mockTagsApi();
    renderMenu([], { canUse: false });
    expect(screen.queryByRole('button', { name: 'Bookmarks' })).not.toBeInTheDocument();
  });

  it('is absent when the config switches bookmarks off', () => {
    mockTagsApi();
    renderMenu([], { interfaceToggle: false });
    expect(screen.queryByRole('button', { name: 'Bookmarks' })).not.toBeInTheDocument();
  });

  it('is absent on a temporary chat', () => {
    mockTagsApi();
    renderWithBookmarks(
      <ConversationBookmarkMenu
        conversation={conversation(listItem(ID), { isTemporary: true, expiredAt: '2024-06-15T12:00:00.000Z' })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Bookmarks' })).not.toBeInTheDocument();
  });

  it('lists the bookmarks checked for this chat and toggles one, keeping the menu open', async () => {
    const api = mockTagsApi({ links: { [ID]: ['Saved'] } });
    const { events, queryClient } = renderMenu(['Saved']);
    expect(isFilled()).toBe(true);
    await events.click(trigger());
    const menu = screen.getByRole('menu', { name: 'Bookmarks of this chat' });
    expect(await within(menu).findByRole('menuitemcheckbox', { name: 'Work' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Saved' })).toHaveAttribute('aria-checked', 'true');

    await events.click(within(menu).getByRole('menuitemcheckbox', { name: 'Work' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Work' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(api.callsTo(`/api/tags/convo/${ID}`)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(`/api/tags/convo/${ID}`)[0]?.body ?? '')).toEqual({ tags: ['Saved', 'Work'] });
    expect(cachedTags(queryClient)).toEqual(['Saved', 'Work']);
    expect(count(queryClient, 'Work')).toBe(1);

    // Unchecking both empties the icon.
    await events.click(within(menu).getByRole('menuitemcheckbox', { name: 'Saved' }));
    await events.click(within(menu).getByRole('menuitemcheckbox', { name: 'Work' }));
    await waitFor(() => expect(cachedTags(queryClient)).toEqual([]));
    expect(JSON.parse(api.callsTo(`/api/tags/convo/${ID}`).at(-1)?.body ?? '')).toEqual({ tags: [] });
    expect(isFilled()).toBe(false);
    expect(count(queryClient, 'Saved')).toBe(0);
  });

  it('puts the check and the counts back when the server refuses, and says so', async () => {
    mockTagsApi({
      failures: { setConversation: jsonResponse({ message: 'Conversation not found', code: 'not_found' }, 404) },
    });
    const { events, queryClient } = renderMenu([]);
    await events.click(trigger());
    await events.click(await screen.findByRole('menuitemcheckbox', { name: 'Ideas' }));
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    expect(screen.getByRole('menuitemcheckbox', { name: 'Ideas' })).toHaveAttribute('aria-checked', 'false');
    expect(cachedTags(queryClient)).toEqual([]);
    expect(count(queryClient, 'Ideas')).toBe(0);
  });

  describe('New bookmark', () => {
    it('requires a title, then creates the bookmark on this chat by default', async () => {
      const api = mockTagsApi();
      const { events, queryClient } = renderMenu([]);
      await events.click(trigger());
      await events.click(screen.getByRole('menuitem', { name: 'New Bookmark' }));
      const dialog = screen.getByRole('dialog', { name: 'New Bookmark' });
      const checkbox = within(dialog).getByRole('checkbox', { name: 'Add to current conversation' });
      expect(checkbox).toBeChecked();

      await events.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
        'Enter a title for the bookmark',
      );
      expect(api.callsTo('/api/tags').filter((call) => call.method === 'POST')).toHaveLength(0);

      await events.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Research  ');
      await events.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Papers to read');
      await events.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const post = api.callsTo('/api/tags').find((call) => call.method === 'POST');
      expect(JSON.parse(post?.body ?? '')).toEqual({
        tag: 'Research',
        description: 'Papers to read',
        conversationId: ID,
        addToConversation: true,
      });
      expect(cachedTags(queryClient)).toEqual(['Research']);
      expect(isFilled()).toBe(true);
      expect(await screen.findByText('Bookmark created successfully')).toBeInTheDocument();
      expect(queryClient.getQueryData<Tag[]>(tagKeys.all)?.map((item) => item.tag)).toEqual([
        'Saved',
        'Work',
        'Ideas',
        'Research',
      ]);
    });

    it('leaves the chat alone when unticked, and says when the name is taken', async () => {
      const api = mockTagsApi();
      const { events, queryClient } = renderMenu([]);
      await events.click(trigger());
      await events.click(screen.getByRole('menuitem', { name: 'New Bookmark' }));
      const dialog = screen.getByRole('dialog', { name: 'New Bookmark' });
      await events.click(within(dialog).getByRole('checkbox', { name: 'Add to current conversation' }));
      await events.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Work');
      await events.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('This bookmark already exists')).toBeInTheDocument();

      await events.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
      await events.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Later{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const posts = api.callsTo('/api/tags').filter((call) => call.method === 'POST');
      expect(JSON.parse(posts.at(-1)?.body ?? '')).toEqual({
        tag: 'Later',
        conversationId: ID,
        addToConversation: false,
      });
      expect(cachedTags(queryClient)).toEqual([]);
    });
  });
});
