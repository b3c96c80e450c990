import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promptGroupFixture } from '@/shared/prompts/testing/prompt-fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockPromptsApi } from '../../testing/prompts-api';
import { renderPrompts } from '../../testing/render-prompts';

/** Mine ("Summariser", by u1) and another user's shared one ("Travel plan", by u2). */
function library(override?: Parameters<typeof mockPromptsApi>[0]['override']) {
  return mockPromptsApi({
    groups: [
      promptGroupFixture(),
      promptGroupFixture({ _id: 'g2', name: 'Travel plan', author: 'u2', authorName: 'Grace' }),
    ],
    versions: [],
    ...(override ? { override } : {}),
  });
}

const list = () => screen.getByRole('list', { name: 'Prompts' });
const actionsOf = (name: string) => screen.queryByRole('button', { name: `Actions for ${name}` });

describe('renaming and deleting a prompt from the list', () => {
  it('offers the actions on the prompts the user wrote, and an admin on every prompt', async () => {
    library();
    const author = renderPrompts();
    await within(await screen.findByRole('list', { name: 'Prompts' })).findByText('Travel plan');
    expect(actionsOf('Summariser')).toBeInTheDocument();
    expect(actionsOf('Travel plan')).not.toBeInTheDocument();
    author.unmount();

    library();
    renderPrompts({ user: { role: 'ADMIN' } });
    await within(await screen.findByRole('list', { name: 'Prompts' })).findByText('Travel plan');
    expect(actionsOf('Summariser')).toBeInTheDocument();
    expect(actionsOf('Travel plan')).toBeInTheDocument();
  });

  it('renames by keyboard: an empty name is refused, Enter saves, focus returns to the menu button', async () => {
    const api = library();
    const { events } = renderPrompts();
    const trigger = await screen.findByRole('button', { name: 'Actions for Summariser' });
    trigger.focus();
    await events.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await events.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Rename prompt' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Summariser');
    await events.clear(field);
    await events.keyboard('{Enter}');
    expect(within(dialog).getByText('A name is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);

    await events.type(field, '  Digest  {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = api.writes()[0];
    expect(patch?.method).toBe('PATCH');
    expect(patch?.url).toContain('/api/prompts/groups/g1');
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ name: 'Digest' });
    expect(await screen.findByText('Prompt renamed')).toBeInTheDocument();
    expect(await within(list()).findByText('Digest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Digest' })).toHaveFocus();
  });

  it('closes without a call when the name is unchanged or on Escape', async () => {
    const api = library();
    const { events } = renderPrompts();
    await events.click(await screen.findByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
    await events.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
    await events.type(within(await screen.findByRole('dialog')).getByRole('textbox'), 'x');
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('keeps the dialog and tells when the rename fails', async () => {
    library((call) =>
      call.method === 'PATCH' ? jsonResponse({ message: 'Only the author can change it' }, 403) : undefined,
    );
    const { events } = renderPrompts();
    await events.click(await screen.findByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename prompt' });
    await events.type(within(dialog).getByRole('textbox'), ' v2{Enter}');
    expect(await screen.findByText('The prompt could not be updated.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox')).toHaveValue('Summariser v2');
  });

  it('deletes after confirmation, leaves the open prompt and puts focus on the search box', async () => {
    const api = library();
    const { events, router } = renderPrompts({ path: '/d/prompts/g1' });
    await events.click(await screen.findByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this prompt?' });
    expect(dialog).toHaveAccessibleDescription(/“Summariser” and all of its versions/);
    // Cancel is the safe default.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prompt deleted')).toBeInTheDocument();
    expect(api.writes().map((call) => [call.method, call.url])).toEqual([
      ['DELETE', expect.stringContaining('/api/prompts/groups/g1')],
    ]);
    await waitFor(() => expect(within(list()).queryByText('Summariser')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/d/prompts');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search prompts by name' })).toHaveFocus());
  });

  it('tells when the delete fails and keeps the prompt', async () => {
    library((call) => (call.method === 'DELETE' ? jsonResponse({ message: 'nope' }, 500) : undefined));
    const { events } = renderPrompts();
    await events.click(await screen.findByRole('button', { name: 'Actions for Summariser' }));
    await events.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The prompt could not be deleted.')).toBeInTheDocument();
    expect(within(list()).getByText('Summariser')).toBeInTheDocument();
  });
});
