import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountTab } from '@/app/settings/account-tab';
import { fail, mockApi, ok } from '@/features/account/testing/api-mock';
import { userFixture } from '@/testing/account-fixtures';
import { cachedUser, renderWithProviders } from '@/testing/render-with-providers';

async function openDisableDialog() {
  const view = renderWithProviders(<AccountTab />, { user: userFixture({ twoFactorEnabled: true }) });
  await view.events.click(screen.getByRole('button', { name: 'Disable 2FA' }));
  const dialog = await screen.findByRole('dialog', { name: 'Disable 2FA' });
  return { ...view, dialog };
}

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('turning two-factor off', { timeout: 20_000 }, () => {
  let api: ReturnType<typeof mockApi>;

  beforeEach(() => {
    api = mockApi({ 'POST /api/auth/2fa/disable': ok() });
  });

  it('shows the disable step without the setup progress bar', async () => {
    const { dialog } = await openDisableDialog();
    expect(within(dialog).queryByTestId('two-factor-progress')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('accepts a backup code after the toggle; a shorter one sends nothing', async () => {
    const { dialog, events, queryClient } = await openDisableDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Use Backup Code Instead' }));
    const input = within(dialog).getByLabelText('Backup code');
    const submit = within(dialog).getByRole('button', { name: 'Disable 2FA' });

    await events.type(input, 'ab cd123{Enter}');
    expect(input).toHaveValue('abcd123');
    expect(submit).toBeDisabled();
    expect(api.sent('POST /api/auth/2fa/disable')).toHaveLength(0);

    await events.type(input, '4');
    await events.click(submit);

    expect(api.sent('POST /api/auth/2fa/disable')).toEqual([{ backupCode: 'abcd1234' }]);
    expect(await screen.findByText('2FA has been disabled')).toBeInTheDocument();
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Disable 2FA' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toBeInTheDocument();
  });

  it('sends a 6-digit code, and reports a refused one as invalid without changing anything', async () => {
    api = mockApi({ 'POST /api/auth/2fa/disable': fail(401, 'Invalid token') });
    const { dialog, events, queryClient } = await openDisableDialog();
    await events.type(within(dialog).getByLabelText('Authentication code'), '12345');
    expect(within(dialog).getByRole('button', { name: 'Disable 2FA' })).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Authentication code'), '6{Enter}');

    expect(api.sent('POST /api/auth/2fa/disable')).toEqual([{ token: '123456' }]);
    expect(await screen.findByText('Invalid two-factor authentication code')).toBeInTheDocument();
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Disable 2FA' })).toBeInTheDocument();
  });

  it('reports a server failure as a disable error', async () => {
    api = mockApi({ 'POST /api/auth/2fa/disable': fail(500) });
    const { dialog, events } = await openDisableDialog();
    await events.type(within(dialog).getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByText('There was an error disabling two-factor authentication')).toBeInTheDocument();
  });

  it('offers two-factor only to local accounts', () => {
    renderWithProviders(<AccountTab />, { user: userFixture({ provider: 'google', twoFactorEnabled: true }) });
    expect(screen.queryByRole('button', { name: /2FA/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Backup Codes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });
});
