import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAV_VISIBLE_KEY } from '@/features/conversations/hooks/use-nav-visible';
import { setAccessToken } from '@/lib/api/token-store';
import { giveListASize, renderAt } from '@/features/conversations/testing/render-sidebar';
import { listItem, page } from '@/shared/conversation/testing/fixtures';
import { userFixture } from '@/testing/account-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { SidebarLayout } from './sidebar-layout';

/** A viewport that is a phone's (below 768 px) or not, as matchMedia reports it. */
function viewport({ small }: { small: boolean }) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      matches: query.includes('max-width') ? small : false,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function renderLayout() {
  return renderAt(
    '/c/a',
    <SidebarLayout activeConversationId="a">
      {(toggle) => (
        <header>
          <a href="/">Home</a>
          {toggle}
        </header>
      )}
    </SidebarLayout>,
  );
}

/** The conversation list, and a signed-in user (the silent refresh answers with the session). */
function signedIn() {
  mockFetch((call) =>
    call.url === '/api/auth/refresh'
      ? jsonResponse({ token: 'token', user: userFixture() })
      : jsonResponse(page([listItem('a', 1, 'Alpha')])),
  );
}

const sidebar = () => screen.queryByRole('navigation', { name: 'Chat history' });

describe('SidebarLayout', () => {
  beforeEach(() => {
    giveListASize();
    mockFetch(() => jsonResponse(page([listItem('a', 1, 'Alpha')])));
  });
  // A signed-in test's token must not outlive it (it lives in a module).
  afterEach(() => setAccessToken(null));

  it('starts open on desktop; the header toggle closes it and the choice is kept', async () => {
    viewport({ small: false });
    const { events } = renderLayout();
    expect(sidebar()).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Alpha' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('sidebar-mask')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Close sidebar', expanded: true }));
    expect(sidebar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(NAV_VISIBLE_KEY)).toBe('false');
    expect(screen.getByRole('button', { name: 'Open sidebar', expanded: false })).toBeInTheDocument();
  });

  it('follows the stored choice', () => {
    viewport({ small: false });
    window.localStorage.setItem(NAV_VISIBLE_KEY, 'false');
    renderLayout();
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('starts closed on a phone, opens over a mask, and closes on the mask or Escape', async () => {
    viewport({ small: true });
    const { events } = renderLayout();
    expect(sidebar()).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(sidebar()).toBeInTheDocument();
    await events.click(screen.getByTestId('sidebar-mask'));
    expect(sidebar()).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(within(sidebar() as HTMLElement).getByRole('button', { name: 'Close sidebar' })).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('holds focus on a phone while open: Tab cycles inside, the page behind is inert, and closing returns to the toggle', async () => {
    viewport({ small: true });
    const { events } = renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    await events.click(toggle);
    const nav = sidebar() as HTMLElement;
    expect(screen.getByRole('link', { name: 'Home' }).closest('[inert]')).not.toBeNull();
    await screen.findByRole('link', { name: 'Alpha' });

    // Every Tab and Shift+Tab stays in the sidebar, however far it goes.
    for (let step = 0; step < 12; step += 1) {
      await events.tab();
      expect(nav).toContainElement(document.activeElement as HTMLElement);
    }
    for (let step = 0; step < 12; step += 1) {
      await events.tab({ shift: true });
      expect(nav).toContainElement(document.activeElement as HTMLElement);
    }

    await events.keyboard('{Escape}');
    expect(sidebar()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Home' }).closest('[inert]')).toBeNull();

    await events.click(screen.getByRole('button', { name: 'Open sidebar' }));
    await events.click(within(sidebar() as HTMLElement).getByRole('button', { name: 'Close sidebar' }));
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveFocus();
  });

  it('puts the skip link first in the tab order, and leaves it out while the phone sidebar covers the page', async () => {
    viewport({ small: true });
    const { events } = renderAt(
      '/c/a',
      <SidebarLayout activeConversationId="a" skipLink={<a href="#box">Skip</a>}>
        {(toggle) => <header>{toggle}</header>}
      </SidebarLayout>,
    );
    await events.tab();
    expect(screen.getByRole('link', { name: 'Skip' })).toHaveFocus();
    await events.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(screen.queryByRole('link', { name: 'Skip' })).not.toBeInTheDocument();
  });

  it('holds the account menu on a phone, where the header has no room for it', async () => {
    signedIn();
    viewport({ small: true });
    window.localStorage.setItem(NAV_VISIBLE_KEY, 'true');
    renderLayout();
    const nav = sidebar() as HTMLElement;
    expect(await within(nav).findByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
  });

  it('leaves the account menu to the header on desktop', async () => {
    signedIn();
    viewport({ small: false });
    renderLayout();
    await screen.findByRole('link', { name: 'Alpha' });
    expect(within(sidebar() as HTMLElement).queryByRole('button', { name: /^Account menu/ })).toBeNull();
  });

  it('closes on a phone when a chat is opened from it', async () => {
    viewport({ small: true });
    window.localStorage.setItem(NAV_VISIBLE_KEY, 'true');
    const { events } = renderLayout();
    await events.click(await screen.findByRole('link', { name: 'Alpha' }));
    expect(sidebar()).not.toBeInTheDocument();
  });
});
