import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedConversation, SharedMessage } from '@contract/share';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { SHARE_DATA_ELEMENT_ID } from '../lib/embedded-share';
import { SSR_HOST_ID } from '../lib/ssr-takeover';
import { deferred, renderShare } from '../testing/render-share';
import { SharedConversationRoute } from './shared-conversation';

const message = (
  id: string,
  parent: string,
  text: string,
  isCreatedByUser: boolean,
  minute: number,
): SharedMessage => ({
  messageId: id,
  parentMessageId: parent,
  conversationId: 'anon-convo',
  sender: isCreatedByUser ? 'User' : 'GPT-4o',
  text,
  isCreatedByUser,
  endpoint: isCreatedByUser ? null : 'openAI',
  model: isCreatedByUser ? null : 'gpt-4o',
  error: false,
  unfinished: false,
  createdAt: `2026-03-07T10:${String(minute).padStart(2, '0')}:00.000Z`,
  updatedAt: `2026-03-07T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

const conversation: SharedConversation = {
  shareId: 'abc123',
  title: 'Packing for Lisbon',
  conversationId: 'anon-convo',
  isPublic: true,
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
  messages: [
    message('m1', '00000000-0000-0000-0000-000000000000', 'What should I pack?', true, 1),
    message('m2', 'm1', 'A light jacket.', false, 2),
    message('m3', 'm1', 'Sunscreen and shoes.', false, 3),
  ],
};

/** The Worker's rendering, kept beside #root until the SPA takes over. */
function serverRendering() {
  const host = document.createElement('div');
  host.id = SSR_HOST_ID;
  host.textContent = 'server rendering';
  document.body.prepend(host);
}

function embed(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SHARE_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify(data);
  document.body.append(script);
}

/** The bar on top: the app's title beside its logo, the theme toggle, and the way into the app. */
function expectBrandedBar() {
  // The first banner: jsdom also counts the conversation's own <header> inside <main>.
  const bar = within(screen.getAllByRole('banner')[0]!);
  expect(bar.getByRole('link', { name: 'Test Chat' })).toHaveAttribute('href', '/');
  expect(bar.getByRole('link', { name: 'Test Chat' }).querySelector('svg')).not.toBeNull();
  expect(bar.getByRole('link', { name: 'Start chatting' })).toHaveAttribute('href', '/');
  expect(bar.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeInTheDocument();
}

const openPage = (shareId: string) =>
  renderShare(<SharedConversationRoute />, { path: '/share/:shareId', at: `/share/${shareId}` });

describe('the shared conversation page', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.getElementById(SHARE_DATA_ELEMENT_ID)?.remove();
    document.getElementById(SSR_HOST_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('renders the data the server embedded, without asking the API, latest branch first', async () => {
    const api = mockFetch(() => jsonResponse({ message: 'unexpected' }, 500));
    embed(conversation);
    serverRendering();
    const { events } = openPage('abc123');
    expect(document.getElementById(SSR_HOST_ID)).toBeNull();

    expect(screen.getByRole('heading', { level: 1, name: 'Packing for Lisbon' })).toBeInTheDocument();
    expect(screen.getByText('March 7, 2026')).toBeInTheDocument();
    expect(screen.getByText('What should I pack?')).toBeInTheDocument();
    expect(await screen.findByText('Sunscreen and shoes.')).toBeInTheDocument();
    expect(screen.queryByText('A light jacket.')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|regenerate|copy/i })).not.toBeInTheDocument();
    expect(screen.getByText(/Shared with Test Chat/)).toBeInTheDocument();
    expectBrandedBar();
    await waitFor(() => expect(document.title).toBe('Packing for Lisbon | Test Chat'));
    expect(api.calls.filter((call) => call.url.startsWith('/api/share'))).toEqual([]);

    await events.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(await screen.findByText('A light jacket.')).toBeInTheDocument();
  });

  it('fetches the conversation when the page carries no data (or another link’s)', async () => {
    embed({ ...conversation, shareId: 'other' });
    const api = mockFetch(({ url }) =>
      url === '/api/share/abc123' ? jsonResponse(conversation) : jsonResponse({}, 404),
    );
    openPage('abc123');

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Packing for Lisbon' })).toBeInTheDocument();
    expect(api.callsTo('/api/share/abc123')).toHaveLength(1);
    expect(api.callsTo('/api/share/abc123')[0]!.headers.get('Authorization')).toBeNull();
  });

  it('shows the not-found message for an unknown link', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    serverRendering();
    openPage('gone1');
    // The server's not-found page stays up while the SPA asks, instead of a spinner.
    expect(document.getElementById(SSR_HOST_ID)).not.toBeNull();
    answer.resolve(jsonResponse({ message: 'Shared link not found', code: 'not_found' }, 404));
    expect(await screen.findByText('Shared link not found')).toBeInTheDocument();
    expect(document.getElementById(SSR_HOST_ID)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shared link not found');
    expect(screen.getByText(/may have been deleted, or replaced by a newer one/)).toBeInTheDocument();
    // Two ways in: the bar's and the page's own.
    const links = screen.getAllByRole('link', { name: 'Start chatting' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/']);
    expectBrandedBar();
  });
});
