import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockPromptsApi } from '../testing/prompts-api';
import { renderPrompts } from '../testing/render-prompts';

const roleAnswer = (name: string, prompts: Record<string, boolean>) => ({ name, permissions: { PROMPTS: prompts } });

function adminApi(failSave = false) {
  return mockPromptsApi({
    groups: [],
    versions: [],
    override: (call) => {
      if (call.url === '/api/roles/USER' && call.method === 'GET') {
        return jsonResponse(roleAnswer('USER', { USE: true, CREATE: true, SHARED_GLOBAL: false }));
      }
      if (call.method === 'PUT') {
        if (failSave) return jsonResponse({ message: 'no' }, 500);
        const role = call.url.split('/')[3] ?? '';
        return jsonResponse(roleAnswer(role, JSON.parse(call.body ?? '{}') as Record<string, boolean>));
      }
      return undefined;
    },
  });
}

async function openDialog(failSave = false) {
  const api = adminApi(failSave);
  const view = renderPrompts({ user: { role: 'ADMIN' }, prompts: { SHARED_GLOBAL: true } });
  await view.events.click(await screen.findByRole('button', { name: 'Admin settings' }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog', { name: 'Prompt permissions' });
  await within(dialog).findByTestId('prompts-admin-form');
  return { ...view, api, dialog };
}

describe('the prompts admin settings', () => {
  it('is offered to admins only', async () => {
    adminApi();
    renderPrompts();
    await screen.findByText('Select or Create a Prompt', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Admin settings' })).not.toBeInTheDocument();
  });

  it('saves the chosen role’s switches', async () => {
    const { events, dialog, api } = await openDialog();
    const share = within(dialog).getByRole('switch', { name: 'Allow sharing prompts with everyone' });
    expect(share).toHaveAttribute('aria-checked', 'false');
    await events.click(share);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = api.writes()[0];
    expect(put?.url).toBe('/api/roles/USER/prompts');
    expect(JSON.parse(put?.body ?? '')).toEqual({ SHARED_GLOBAL: true, CREATE: true, USE: true });
  });

  it('warns about the admin role’s own access and asks before turning it off', async () => {
    const { events, dialog, api } = await openDialog();
    await events.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'ADMIN');
    const use = await within(dialog).findByRole('switch', { name: 'Allow using prompts' });
    expect(within(dialog).getByText(/also hides the prompt library/)).toHaveClass('text-text-destructive');

    await events.click(use);
    const confirm = screen.getByRole('dialog', { name: 'Turn off prompts for admins?' });
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(use).toHaveAttribute('aria-checked', 'true');

    await events.click(use);
    await events.click(
      within(screen.getByRole('dialog', { name: 'Turn off prompts for admins?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    expect(use).toHaveAttribute('aria-checked', 'false');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.url).toBe('/api/roles/ADMIN/prompts');
    expect(JSON.parse(api.writes()[0]?.body ?? '')).toMatchObject({ USE: false });
  });

  it('says so when saving fails', async () => {
    const { events, dialog } = await openDialog(true);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The admin settings could not be saved.')).toBeInTheDocument();
  });
});
