import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountTab } from '@/app/settings/account-tab';
import { fail, mockApi, ok } from '@/features/account/testing/api-mock';
import { spyOnDownloads } from '@/features/account/testing/download-spy';
import { regenerateResponseFixture, userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

async function openBackupCodes() {
  const view = renderWithProviders(<AccountTab />, { user: userFixture({ twoFactorEnabled: true }) });
  await view.events.click(screen.getByRole('button', { name: 'Manage' }));
  const dialog = await screen.findByRole('dialog', { name: 'Backup Codes' });
  return { ...view, dialog };
}

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('backup codes', { timeout: 20_000 }, () => {
  it('regenerates with a code, downloads backup-codes.txt and shows each code’s status', async () => {
    const api = mockApi({ 'POST /api/auth/2fa/backup/regenerate': ok(regenerateResponseFixture) });
    const downloads = spyOnDownloads();
    const { dialog, events } = await openBackupCodes();
    const regenerate = within(dialog).getByRole('button', { name: 'Regenerate Backup Codes' });
    expect(regenerate).toBeDisabled();

    await events.type(within(dialog).getByLabelText('Authentication code'), '246810');
    await events.click(regenerate);

    expect(api.sent('POST /api/auth/2fa/backup/regenerate')).toEqual([{ token: '246810' }]);
    expect(await screen.findByText('Backup codes have been regenerated successfully')).toBeInTheDocument();
    expect(downloads.map((download) => download.fileName)).toEqual(['backup-codes.txt']);
    expect(await downloads[0]?.text).toBe(`${regenerateResponseFixture.backupCodes.join('\n')}\n`);

    expect(within(within(dialog).getByTestId('backup-codes')).getAllByRole('listitem')).toHaveLength(10);
    const status = within(dialog).getByRole('list', { name: 'Backup Codes Status' });
    const rows = within(status).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Code #1');
    expect(rows[0]).toHaveTextContent('Used');
    expect(within(rows[0] as HTMLElement).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2025-03-04T05:06:07.000Z',
    );
    expect(rows[1]).toHaveTextContent('Not Used');
  });

  it('accepts a backup code as proof, and reports a failure without downloading', async () => {
    const api = mockApi({ 'POST /api/auth/2fa/backup/regenerate': fail(500) });
    const downloads = spyOnDownloads();
    const { dialog, events } = await openBackupCodes();
    await events.click(within(dialog).getByRole('button', { name: 'Use Backup Code Instead' }));
    await events.type(within(dialog).getByLabelText('Backup code'), 'zz99zz99{Enter}');

    expect(api.sent('POST /api/auth/2fa/backup/regenerate')).toEqual([{ backupCode: 'zz99zz99' }]);
    expect(await screen.findByText('There was an error regenerating backup codes')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });
});
