import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@contract/auth';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { startupConfigFixture } from '@/testing/startup-config';
import { TestProviders } from '@/testing/test-providers';
import { ChatHeader } from './chat-header';

const user: PublicUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** The header on /c/abc of a memory router, signed in, startup config loaded (unless told). */
function renderHeader(header: ReactElement, { withConfig = true } = {}) {
  mockSystemTheme({ prefersLight: false });
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  if (withConfig) queryClient.setQueryData(startupConfigQueryOptions.queryKey, startupConfigFixture);
  // Without a config in the cache the query would fetch: keep it pending instead.
  else
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  const router = createMemoryRouter(
    [
      { path: '/c/:conversationId', element: header },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/c/abc'] },
  );
  render(<TestProviders queryClient={queryClient} router={router} />);
  return { router, events: userEvent.setup() };
}

const newChatLink = () => screen.getByRole('link', { name: 'New chat' });

/**
 * Dispatches `event` on `target` and tells whether the app left its default (the browser's
 * own handling of the link) alone. The default is cancelled afterwards, at the window, only
 * because jsdom cannot open windows.
 */
function leftToBrowser(target: Element, event: MouseEvent): boolean {
  let prevented: boolean | undefined;
  const record = (seen: Event) => {
    prevented = seen.defaultPrevented;
    seen.preventDefault();
  };
  window.addEventListener(event.type, record, { once: true });
  fireEvent(target, event);
  return prevented === false;
}
const mouse = (type: string, init: MouseEventInit) =>
  new MouseEvent(type, { bubbles: true, cancelable: true, ...init });

describe('ChatHeader', () => {
  it('is the page banner, with home, new chat, theme and account, and nothing that does nothing', () => {
    renderHeader(<ChatHeader />);
    const banner = screen.getByRole('banner');
    expect(
      within(banner)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Test Chat', '/'],
      ['New chat', '/c/new'],
    ]);
    // No sidebar or share button yet: only the theme switch and the account menu.
    expect(
      within(banner)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Switch to light theme', 'Account menu: Ada Lovelace']);
  });

  it('names the home link after the app title, or Home before the config has loaded', () => {
    renderHeader(<ChatHeader />, { withConfig: false });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('goes home from the home link', async () => {
    const { router, events } = renderHeader(<ChatHeader />);
    await events.click(screen.getByRole('link', { name: 'Test Chat' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets the app, not the browser, handle a plain click', () => {
    renderHeader(<ChatHeader />);
    expect(leftToBrowser(newChatLink(), mouse('click', { button: 0 }))).toBe(false);
  });

  it('opens a new chat in the app on a plain click, telling the page first', async () => {
    const onNewChat = vi.fn();
    const { router, events } = renderHeader(<ChatHeader onNewChat={onNewChat} />);
    await events.click(newChatLink());
    expect(router.state.location.pathname).toBe('/c/new');
    expect(onNewChat).toHaveBeenCalledOnce();
  });

  it.each([
    ['Ctrl-click', { ctrlKey: true }],
    ['Cmd-click', { metaKey: true }],
    ['Shift-click', { shiftKey: true }],
  ])('leaves %s to the browser (a new window or tab), the page staying put', (_name, modifiers) => {
    const onNewChat = vi.fn();
    const { router } = renderHeader(<ChatHeader onNewChat={onNewChat} />);
    expect(leftToBrowser(newChatLink(), mouse('click', { button: 0, ...modifiers }))).toBe(true);
    expect(router.state.location.pathname).toBe('/c/abc');
    expect(onNewChat).not.toHaveBeenCalled();
  });

  it('leaves a middle-click to the browser', () => {
    const onNewChat = vi.fn();
    const { router } = renderHeader(<ChatHeader onNewChat={onNewChat} />);
    expect(leftToBrowser(newChatLink(), mouse('auxclick', { button: 1 }))).toBe(true);
    expect(leftToBrowser(newChatLink(), mouse('click', { button: 1 }))).toBe(true);
    expect(router.state.location.pathname).toBe('/c/abc');
    expect(onNewChat).not.toHaveBeenCalled();
  });

  it('shows the conversation title as the heading, truncated with the full text on hover', () => {
    const title = 'A rather long conversation title about the analytical engine and its notes';
    renderHeader(<ChatHeader title={title} />);
    const heading = screen.getByRole('heading', { level: 1, name: title });
    expect(heading).toHaveAttribute('title', title);
    expect(heading).toHaveClass('truncate');
  });

  it.each([null, undefined, '', '   '])('shows no heading while the title is %j', (title) => {
    renderHeader(<ChatHeader title={title} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('keeps the tab order home, new chat, setup, theme, account', async () => {
    const { events } = renderHeader(
      <ChatHeader
        title="Notes"
        setupSlot={
          <>
            <button type="button">Model</button>
            <button type="button">Parameters</button>
          </>
        }
      />,
    );
    const order: (string | null)[] = [];
    for (let step = 0; step < 6; step += 1) {
      await events.tab();
      const active = document.activeElement;
      order.push(active?.getAttribute('aria-label') ?? active?.textContent ?? null);
    }
    expect(order).toEqual([
      'Test Chat',
      'New chat',
      'Model',
      'Parameters',
      'Switch to light theme',
      'Account menu: Ada Lovelace',
    ]);
  });

  it('switches the theme from the header', async () => {
    const { events } = renderHeader(<ChatHeader />);
    await events.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('opens the account menu from the header', async () => {
    const { events } = renderHeader(<ChatHeader />);
    await events.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(screen.getByRole('menu', { name: 'Account menu' })).toHaveTextContent('ada@example.com');
  });
});
