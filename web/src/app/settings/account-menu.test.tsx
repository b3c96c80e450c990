import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountControls } from '@/app/settings/account-controls';
import { mockApi, ok } from '@/features/account/testing/api-mock';
import { balanceQueryKey } from '@/shared/balance/balance-query';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { userFixture } from '@/testing/account-fixtures';
import { startupConfigFixture } from '@/testing/startup-config';
import { cachedUser, LOGIN_PAGE_TEXT, renderWithProviders } from '@/testing/render-with-providers';

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('account menu', { timeout: 20_000 }, () => {
  it('shows who is signed in, with initials when there is no picture', async () => {
    mockApi({});
    const { events } = renderWithProviders(<AccountControls />, {
      user: userFixture({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    });
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAccessibleName('Account menu: Ada Lovelace');
    expect(trigger.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AL');

    await events.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(menu).toHaveTextContent('ada@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Files', 'Settings', 'Log out']);
    expect(within(menu).getByRole('menuitem', { name: 'My Files' })).toHaveFocus();

    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('logs out through the API and lands on /login with nobody signed in', async () => {
    const api = mockApi({ 'POST /api/auth/logout': ok() });
    const { events, queryClient, router } = renderWithProviders(<AccountControls />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: /^Account menu/ }));
    await events.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByText(LOGIN_PAGE_TEXT)).toBeInTheDocument();
    expect(api.sent('POST /api/auth/logout')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(cachedUser(queryClient)).toBeNull();
  });

  it('opens My Files at /d/files', async () => {
    mockApi({});
    const { events, router } = renderWithProviders(<AccountControls />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: /^Account menu/ }));
    await events.click(screen.getByRole('menuitem', { name: 'My Files' }));
    expect(router.state.location.pathname).toBe('/d/files');
  });

  it('opens the settings dialog, which Escape closes, returning focus to the menu button', async () => {
    mockApi({});
    const { events } = renderWithProviders(<AccountControls />, { user: userFixture() });
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    await events.click(trigger);
    await events.keyboard('{ArrowDown}{Enter}');

    // The dialog is a lazy chunk: its first import may take a while on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 10_000 });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('renders nothing when nobody is signed in', () => {
    mockApi({});
    renderWithProviders(<AccountControls />, { user: null });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('account menu balance', () => {
  const withBalance = (enabled: boolean) => ({
    ...startupConfigFixture,
    balance: { ...startupConfigFixture.balance, enabled },
  });

  it('shows the credits when balances are enabled, and the new figure once a reply invalidates it', async () => {
    let credits = '12345.678';
    const api = mockApi({
      'GET /api/balance': () => new Response(credits, { headers: { 'Content-Type': 'text/plain' } }),
    });
    const { events, queryClient } = renderWithProviders(<AccountControls />, { user: userFixture() });
    queryClient.setQueryData(startupConfigQueryOptions.queryKey, withBalance(true));
    await events.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(await within(screen.getByRole('menu')).findByText('Balance: 12,345.68')).toBeInTheDocument();

    credits = '12000';
    await queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    expect(await within(screen.getByRole('menu')).findByText('Balance: 12,000')).toBeInTheDocument();
    expect(api.sent('GET /api/balance')).toHaveLength(2);
  });

  it('asks nothing and shows nothing when balances are disabled', async () => {
    const api = mockApi({});
    const { events } = renderWithProviders(<AccountControls />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(screen.getByRole('menu')).not.toHaveTextContent('Balance');
    expect(api.sent('GET /api/balance')).toHaveLength(0);
  });
});
