import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBadgeLayoutForTests } from '@/features/chat/badges/badge-layout';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  savedConversation,
  userMessage,
} from '@/features/chat/stream/testing/sse';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

/*
 * The composer's badge row: web search and the MCP servers as badges, in the user's order, and
 * its edit mode started from Settings > Chat (reorder by keyboard, remove, add back, save,
 * cancel), kept in this browser.
 */

afterEach(() => {
  window.localStorage.clear();
  act(() => resetBadgeLayoutForTests());
});

const TOOLS = [{ name: 'echo', pluginKey: 'echo_mcp_local', description: 'Echoes' }];

function mockApi({ webSearch = true, routes = {} }: { webSearch?: boolean; routes?: Record<string, () => Response> }) {
  return mockAuthApi({
    session: testSession(),
    routes: {
      'GET /api/endpoints': () =>
        jsonResponse({
          openAI: { order: 0, userProvide: false, userProvideURL: false },
          agents: { order: 1, userProvide: false, capabilities: ['tools'], ...(webSearch ? { webSearch: true } : {}) },
        }),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini'], agents: [] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      'GET /api/roles/USER': () => jsonResponse({ name: 'USER', permissions: { AGENTS: { USE: true } } }),
      'GET /api/agents/tools': () => jsonResponse(TOOLS),
      ...routes,
    },
  });
}

async function openChat() {
  const user = userEvent.setup();
  const { router } = renderApp('/c/new');
  const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
  await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);
  return { user, box, router };
}

/** The badges of the row, by their visible names. */
const rowBadges = () =>
  within(screen.getByRole('group', { name: 'Chat badges' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

const editorBadges = () =>
  within(screen.getByRole('list', { name: 'Chat badges' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-badge-handle]')?.textContent);

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getAllByRole('button', { name: /^Account menu/ })[0]!);
  await user.click(await screen.findByRole('menuitem', { name: 'Settings' }, PAGE_LOAD));
  // The dialog's code loads on first use.
  const dialog = await screen.findByRole('dialog', { name: 'Settings' }, PAGE_LOAD);
  await user.click(within(dialog).getByRole('tab', { name: 'Beta features' }));
  await user.click(within(dialog).getByRole('button', { name: 'Edit: Chat badges' }));
  // The settings close, so the row being edited is in view.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
  return screen.getByRole('list', { name: 'Chat badges' });
}

describe('the composer’s badge row', { timeout: 20_000 }, () => {
  it('shows web search and the MCP servers, in that order by default', async () => {
    mockApi({});
    await openChat();
    await waitFor(() => expect(rowBadges()).toEqual(['Web search', 'MCP servers']), PAGE_LOAD);
  });

  it('has no web search badge when the server has no search tool', async () => {
    mockApi({ webSearch: false });
    await openChat();
    await waitFor(() => expect(rowBadges()).toEqual(['MCP servers']), PAGE_LOAD);
  });

  it('sends a chat with web search on to the agents endpoint, carrying web_search', async () => {
    const reply = liveSseResponse();
    const api = mockApi({
      routes: {
        'POST /api/agents/chat/openAI': () => reply.response,
        [`GET /api/convos/${CONVERSATION_ID}`]: () => jsonResponse(savedConversation()),
      },
    });
    const { user, box, router } = await openChat();
    const toggle = await screen.findByRole('button', { name: 'Web search' }, PAGE_LOAD);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.type(box, 'News about otters?{Enter}');
    await waitFor(() => expect(api.sent('POST /api/agents/chat/openAI')).toHaveLength(1));
    expect(api.sent('POST /api/agents/chat/openAI')[0]).toMatchObject({
      endpoint: 'openAI',
      text: 'News about otters?',
      ephemeralAgent: { mcp: [], web_search: true },
    });
    // The choice moves to the conversation the server names, and stays on there.
    reply.push(createdFrame(userMessage({ text: 'News about otters?' })));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/c/${CONVERSATION_ID}`));
    reply.push(finalFrame());
    reply.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Web search' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(`webSearch:${CONVERSATION_ID}`)).toBe('true');
  });
});

describe('editing the badge row', { timeout: 20_000 }, () => {
  it('is started from Settings, moves a badge with the arrow keys, and saves the order for the next visit', async () => {
    mockApi({});
    const { user } = await openChat();
    await waitFor(() => expect(rowBadges()).toEqual(['Web search', 'MCP servers']), PAGE_LOAD);
    await startEditing(user);
    expect(editorBadges()).toEqual(['Web search', 'MCP servers']);
    const first = screen.getByRole('button', { name: 'Web search, position 1 of 2' });
    await waitFor(() => expect(first).toHaveFocus());

    await user.keyboard('{ArrowRight}');
    expect(editorBadges()).toEqual(['MCP servers', 'Web search']);
    // The moved badge keeps the focus, and the move is announced.
    expect(screen.getByRole('button', { name: 'Web search, position 2 of 2' })).toHaveFocus();
    expect(screen.getByText('Web search is now at position 2 of 2')).toBeInTheDocument();
    // Nothing is saved before Save.
    expect(window.localStorage.getItem('chatBadges')).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(editorBadges()).toEqual(['MCP servers', 'Web search']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('list', { name: 'Chat badges' })).not.toBeInTheDocument();
    expect(rowBadges()).toEqual(['MCP servers', 'Web search']);
    expect(JSON.parse(window.localStorage.getItem('chatBadges') ?? 'null')).toEqual({
      order: ['mcp', 'web_search'],
      removed: [],
    });
    // As after a reload: the layout is read from storage again.
    act(() => resetBadgeLayoutForTests());
    expect(rowBadges()).toEqual(['MCP servers', 'Web search']);
  });

  it('removes a badge, lists it to add back, and Cancel restores the row as it was', async () => {
    mockApi({});
    const { user } = await openChat();
    await waitFor(() => expect(rowBadges()).toEqual(['Web search', 'MCP servers']), PAGE_LOAD);
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Remove Web search' }));
    expect(editorBadges()).toEqual(['MCP servers']);
    const removed = screen.getByRole('region', { name: 'Removed badges' });
    expect(within(removed).getByRole('button', { name: 'Add Web search back' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rowBadges()).toEqual(['Web search', 'MCP servers']);
    expect(window.localStorage.getItem('chatBadges')).toBeNull();
  });

  it('saves a removal: the badge leaves the row and turns nothing on, until it is added back', async () => {
    const api = mockApi({ routes: { 'POST /api/ask/openAI': () => liveSseResponse().response } });
    const { user, box } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Web search' }, PAGE_LOAD));
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Remove Web search' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rowBadges()).toEqual(['MCP servers']);
    expect(JSON.parse(window.localStorage.getItem('chatBadges') ?? 'null')).toMatchObject({ removed: ['web_search'] });
    // Web search was on, but its badge is gone: the send is an ordinary one.
    await user.type(box, 'Hello{Enter}');
    await waitFor(() => expect(api.sent('POST /api/ask/openAI')).toHaveLength(1));
    expect(api.sent('POST /api/ask/openAI')[0]).not.toHaveProperty('ephemeralAgent');

    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Add Web search back' }));
    expect(editorBadges()).toEqual(['Web search', 'MCP servers']);
    expect(screen.getByRole('button', { name: 'Web search, position 1 of 2' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rowBadges()).toEqual(['Web search', 'MCP servers']);
  });
});
