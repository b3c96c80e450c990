import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { mockSystemTheme } from '@/testing/match-media-mock';
import '../public-pages-i18n';
import { PublicHeader } from './public-header';

function renderHeader() {
  mockSystemTheme({ prefersLight: true });
  const router = createMemoryRouter(
    [
      { path: '/about', element: <PublicHeader appTitle="Acme Chat" current="about" /> },
      { path: '/help', element: <PublicHeader appTitle="Acme Chat" current="help" /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/about'] },
  );
  render(
    <ThemeProvider>
      <div>
        <RouterProvider router={router} />
        <p>Outside</p>
      </div>
    </ThemeProvider>,
  );
  return { router, user: userEvent.setup() };
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('PublicHeader', () => {
  it('shows the brand, the eight links with the current one marked, and the theme switch', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Acme Chat' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Site pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Changelog',
      'Support us',
      'Feedback',
      'Terms of service',
      'Privacy policy',
      'Help & FAQ',
    ]);
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('opens and closes the menu with its button', async () => {
    const { user } = renderHeader();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('navigation')).toHaveLength(2);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });

  it('closes the menu on a click outside it, and on Escape', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByText('Outside'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when one of its links is followed', async () => {
    const { router, user } = renderHeader();
    await user.click(menuButton());
    const opened = screen.getAllByRole('navigation')[1];
    if (!opened) throw new Error('menu not open');
    await user.click(within(opened).getByRole('link', { name: 'Help & FAQ' }));
    expect(router.state.location.pathname).toBe('/help');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });
});
