import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '@/app/settings/settings-dialog';
import { fail, mockApi, ok } from '@/features/account/testing/api-mock';
import { spyOnDownloads } from '@/features/account/testing/download-spy';
import { backupCodesFixture, enableResponseFixture, TOTP_SECRET, userFixture } from '@/testing/account-fixtures';
import { cachedUser, renderWithProviders } from '@/testing/render-with-providers';

const noop = () => undefined;

function renderAccountSettings() {
  return renderWithProviders(<SettingsDialog open onClose={noop} initialTab="account" />, { user: userFixture() });
}

const twoFactorDialog = () => screen.findByRole('dialog', { name: 'Setup 2FA' });

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('two-factor setup', { timeout: 20_000 }, () => {
  let api: ReturnType<typeof mockApi>;

  beforeEach(() => {
    api = mockApi({
      'GET /api/auth/2fa/enable': ok(enableResponseFixture),
      'POST /api/auth/2fa/verify': ok(),
      'POST /api/auth/2fa/confirm': ok(),
      'POST /api/auth/2fa/disable': ok(),
    });
  });

  it('goes generate → QR with the secret → verify 6 digits → backup codes → complete after download', async () => {
    const downloads = spyOnDownloads();
    const { events, queryClient } = renderAccountSettings();

    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    expect(within(dialog).getByTestId('two-factor-progress')).toHaveTextContent('Step 1 of 4');
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));

    // QR step: the code and the secret from the otpauth URL, copyable.
    expect(await within(dialog).findByTestId('two-factor-secret')).toHaveTextContent(TOTP_SECRET);
    const qr = within(dialog).getByRole('img', { name: 'QR code for setting up two-factor authentication' });
    expect(qr).toHaveAttribute('width', '240');
    expect(within(dialog).getByTestId('two-factor-progress')).toHaveTextContent('Step 2 of 4');
    await events.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(TOTP_SECRET);
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Verify step: only exactly six digits can be sent.
    const codeInput = within(dialog).getByLabelText('Enter the 6-digit code from your authenticator app');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    await events.type(codeInput, '12a345');
    expect(codeInput).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await events.type(codeInput, '{Enter}');
    expect(api.sent('POST /api/auth/2fa/verify')).toHaveLength(0);
    await events.type(codeInput, '6');
    await events.click(verify);
    expect(api.sent('POST /api/auth/2fa/verify')).toEqual([{ token: '123456' }]);
    expect(await screen.findByText('Successfully verified Two-Factor Authentication')).toBeInTheDocument();
    // A verified code does not turn two-factor on: that waits for the saved backup codes.
    expect(api.sent('POST /api/auth/2fa/confirm')).toHaveLength(0);

    // Backup step: the ten codes; complete stays locked until they were downloaded.
    const codes = await within(dialog).findByTestId('backup-codes');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    const complete = within(dialog).getByRole('button', { name: 'Complete Setup' });
    expect(complete).toBeDisabled();
    await events.click(complete);
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(false);
    expect(api.sent('POST /api/auth/2fa/confirm')).toHaveLength(0);

    await events.click(within(dialog).getByRole('button', { name: 'Download Backup Codes' }));
    expect(downloads.map((download) => download.fileName)).toEqual(['backup-codes.txt']);
    expect(await downloads[0]?.text).toBe(`${backupCodesFixture.join('\n')}\n`);
    expect(complete).toBeEnabled();
    await events.click(complete);
    expect(api.sent('POST /api/auth/2fa/confirm')).toEqual([{ token: '123456' }]);

    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(true);
    expect(await screen.findByText('2FA has been enabled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Setup 2FA' })).not.toBeInTheDocument();
    // The account tab now offers to turn it off, and the backup codes.
    expect(screen.getByRole('button', { name: 'Disable 2FA' })).toBeInTheDocument();
    expect(screen.getByText('Backup Codes')).toBeInTheDocument();
    // A completed setup is not undone.
    expect(api.sent('POST /api/auth/2fa/disable')).toHaveLength(0);
  });

  it('undoes a generated but unfinished setup when the dialog is closed, leaving Settings open', async () => {
    const { events, queryClient } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    await within(dialog).findByTestId('two-factor-secret');

    await events.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Setup 2FA' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('POST /api/auth/2fa/disable')).toEqual([{}]));
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(false);
    expect(api.calls.filter((call) => call.url === '/api/user' || call.url === '/api/auth/refresh')).toHaveLength(0);

    // Reopening starts over.
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(
      await within(await twoFactorDialog()).findByRole('button', { name: 'Generate QR Code' }),
    ).toBeInTheDocument();
  });

  it('closed at the backup codes, drops the verified setup without ever confirming it', async () => {
    spyOnDownloads();
    const { events, queryClient } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    await events.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    await events.type(within(dialog).getByLabelText('Enter the 6-digit code from your authenticator app'), '654321');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await within(dialog).findByTestId('backup-codes');

    await events.click(within(dialog).getByRole('button', { name: 'Download Backup Codes' }));

    await events.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(api.sent('POST /api/auth/2fa/disable')).toEqual([{}]));
    expect(api.sent('POST /api/auth/2fa/confirm')).toHaveLength(0);
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(false);
    // Reopening starts over at the first step.
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(
      await within(await twoFactorDialog()).findByRole('button', { name: 'Generate QR Code' }),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with a toast when the final confirm fails', async () => {
    api = mockApi({
      'GET /api/auth/2fa/enable': ok(enableResponseFixture),
      'POST /api/auth/2fa/verify': ok(),
      'POST /api/auth/2fa/confirm': fail(409, 'Two-factor setup changed; start again'),
    });
    spyOnDownloads();
    const { events, queryClient } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    await events.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    await events.type(within(dialog).getByLabelText('Enter the 6-digit code from your authenticator app'), '654321');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await events.click(await within(dialog).findByRole('button', { name: 'Download Backup Codes' }));
    await events.click(within(dialog).getByRole('button', { name: 'Complete Setup' }));

    expect(
      await screen.findByText('Two-factor authentication could not be turned on. Please start the setup again.'),
    ).toBeInTheDocument();
    expect(cachedUser(queryClient)?.twoFactorEnabled).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Setup 2FA' })).toBeInTheDocument();
  });

  it('makes no undo call when closed before anything was generated', async () => {
    const { events } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Setup 2FA' })).not.toBeInTheDocument();
    expect(api.sent('POST /api/auth/2fa/disable')).toHaveLength(0);
  });

  it('says so when generating fails, and stays on the first step', async () => {
    api = mockApi({ 'GET /api/auth/2fa/enable': () => new Response('{"message":"boom"}', { status: 500 }) });
    const { events } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    expect(
      await screen.findByText('There was an error generating two-factor authentication settings'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate QR Code' })).toBeEnabled();
  });

  it('shows an invalid-code toast and stays on verify when the code is refused', async () => {
    api = mockApi({
      'GET /api/auth/2fa/enable': ok(enableResponseFixture),
      'POST /api/auth/2fa/verify': () => new Response('{"message":"Invalid code"}', { status: 400 }),
    });
    const { events } = renderAccountSettings();
    await events.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    const dialog = await twoFactorDialog();
    await events.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    await events.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    await events.type(within(dialog).getByLabelText('Enter the 6-digit code from your authenticator app'), '000000');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid two-factor authentication code')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });
});
