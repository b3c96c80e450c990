import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountTab } from '@/app/settings/account-tab';
import { mockApi } from '@/features/account/testing/api-mock';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

const MB = 1024 * 1024;
const fileOfSize = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });

async function openAvatarDialog() {
  const view = renderWithProviders(<AccountTab />, { user: userFixture() });
  await view.events.click(screen.getByRole('button', { name: 'Change picture' }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile Picture' });
  return { ...view, dialog, input: within(dialog).getByLabelText('File input for avatar') };
}

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('profile picture', { timeout: 20_000 }, () => {
  it('names the limit from the startup config (2 MB) and states accepted types', async () => {
    mockApi({});
    const { dialog } = await openAvatarDialog();
    expect(within(dialog).getByText('PNG, JPG or JPEG (max 2 MB)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('File input for avatar')).toHaveAttribute(
      'accept',
      expect.stringContaining('.jpeg'),
    );
  });

  it('refuses a file over avatarSizeLimit with an error toast naming the limit in MB', async () => {
    const api = mockApi({});
    const { dialog, events, input } = await openAvatarDialog();
    await events.upload(input, fileOfSize('big.png', 2 * MB + 1, 'image/png'));

    expect(await screen.findByText('Invalid file for upload. Must be an image not exceeding 2 MB')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Picture crop area' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Select a file' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses types other than .png, .jpg and .jpeg', async () => {
    const { events, input } = await openAvatarDialog();
    await events.upload(input, fileOfSize('anim.gif', 10, 'image/gif'));
    expect(
      await screen.findByText('Invalid file for upload. Must be an image not exceeding the limit'),
    ).toBeInTheDocument();
  });
});
