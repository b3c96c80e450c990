import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountTab } from '@/app/settings/account-tab';
import { fail, mockApi, ok } from '@/features/account/testing/api-mock';
import { userFixture } from '@/testing/account-fixtures';
import { cachedUser, LOGIN_PAGE_TEXT, renderWithProviders } from '@/testing/render-with-providers';

async function openDeleteDialog() {
  const view = renderWithProviders(<AccountTab />, { user: userFixture({ email: 'Ada@Example.com' }) });
  await view.events.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete account - are you sure?' });
  const input = within(dialog).getByLabelText('Type your account email to confirm');
  const confirm = within(dialog).getByRole('button', { name: 'Permanently delete my account' });
  return { ...view, dialog, input, confirm };
}

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('account deletion', { timeout: 20_000 }, () => {
  it('stays locked until the typed text is the account email (trimmed, any case)', async () => {
    const api = mockApi({});
    const { events, input, confirm } = await openDeleteDialog();
    expect(confirm).toBeDisabled();

    await events.type(input, '  ADA@example.co');
    expect(confirm).toBeDisabled();
    await events.type(input, '{Enter}');
    expect(api.calls).toHaveLength(0);

    await events.type(input, 'm  ');
    expect(confirm).toBeEnabled();
    await events.clear(input);
    await events.type(input, 'someone@example.com');
    expect(confirm).toBeDisabled();
  });

  it('deletes, ends the session and goes to /login', async () => {
    const api = mockApi({ 'DELETE /api/user/delete': ok(), 'POST /api/auth/logout': ok() });
    const { events, input, confirm, queryClient, router } = await openDeleteDialog();
    await events.type(input, 'ada@EXAMPLE.com');
    await events.click(confirm);

    expect(await screen.findByText(LOGIN_PAGE_TEXT)).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/user/delete',
      'POST /api/auth/logout',
    ]);
    expect(router.state.location.pathname).toBe('/login');
    expect(cachedUser(queryClient)).toBeNull();
  });

  it('keeps the user signed in and says so when deleting fails', async () => {
    const api = mockApi({ 'DELETE /api/user/delete': fail(500) });
    const { events, input, confirm, queryClient, router } = await openDeleteDialog();
    await events.type(input, 'Ada@Example.com');
    await events.click(confirm);

    expect(await screen.findByText('There was an error deleting your account')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(api.sent('POST /api/auth/logout')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/');
    expect(cachedUser(queryClient)?.email).toBe('Ada@Example.com');
  });
});
