import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSetup } from '@/shared/conversation/types';
import { mockPresetsApi } from '../testing/presets-api-mock';
import { presetFixture } from '../testing/presets-fixtures';
import { renderWithPresets } from '../testing/render-with-presets';
import { PresetsMenu } from './presets-menu';

// The setup context is another part of the chat screen: the menu only needs its contract.
const chatSetup = vi.hoisted(() => ({
  setup: {} as ChatSetup,
  update: (_patch: Partial<ChatSetup>) => {},
  replace: (_setup: ChatSetup) => {},
}));
vi.mock('@/features/chat/setup/chat-setup-context', () => ({ useChatSetup: () => chatSetup }));

const careful = () =>
  presetFixture({
    presetId: 'careful',
    title: 'Careful',
    defaultPreset: true,
    order: 0,
    temperature: 0.2,
    promptPrefix: 'Be precise.',
  });
const quick = () =>
  presetFixture({
    presetId: 'quick',
    title: 'Quick',
    endpoint: 'anthropic',
    model: 'claude-3-5-haiku',
    maxOutputTokens: 512,
  });

async function openMenu(events: ReturnType<typeof renderWithPresets>['events']) {
  await events.click(screen.getByRole('button', { name: 'Presets' }));
  return screen.getByRole('menu', { name: 'Presets' });
}

async function openManageDialog(events: ReturnType<typeof renderWithPresets>['events']) {
  await openMenu(events);
  await events.click(screen.getByRole('menuitem', { name: 'Manage presets' }));
  return screen.getByRole('dialog', { name: 'Manage presets' });
}

// User-event flows through menus and stacked dialogs: slower than unit tests on a busy machine.
describe('presets menu', { timeout: 20_000 }, () => {
  beforeEach(() => {
    chatSetup.setup = { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, isTemporary: true };
    chatSetup.update = vi.fn();
    chatSetup.replace = vi.fn();
  });

  it('lists the presets with the default marked, and applies the one chosen', async () => {
    mockPresetsApi([careful(), quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Presets' })).toBeInTheDocument());

    const menu = await openMenu(events);
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Careful (default)', 'Quick', 'Save as preset', 'Manage presets']),
    );

    await events.click(within(menu).getByRole('menuitem', { name: 'Quick' }));
    // Only the option fields: the preset's id, title, flags and dates are not conversation setup.
    expect(chatSetup.replace).toHaveBeenCalledExactlyOnceWith({
      endpoint: 'anthropic',
      model: 'claude-3-5-haiku',
      maxOutputTokens: 512,
    });
    expect(await screen.findByText('Preset “Quick” applied')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('says so when there are no presets, offering only to save one', async () => {
    mockPresetsApi([]);
    const { events } = renderWithPresets(<PresetsMenu />);
    const menu = await openMenu(events);
    expect(await within(menu).findByText('No presets yet')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Save as preset']);
  });

  it('saves the current setup as a new preset under the name asked for', async () => {
    const api = mockPresetsApi([quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    await openMenu(events);
    await events.click(await screen.findByRole('menuitem', { name: 'Save as preset' }));

    const dialog = screen.getByRole('dialog', { name: 'Save as preset' });
    const name = within(dialog).getByRole('textbox', { name: 'Preset name' });
    expect(name).toHaveFocus();

    // An empty name is refused before anything is sent.
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a name for the preset')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/api/presets')).toEqual([]);

    await events.type(name, '  Warm writer ');
    await events.click(within(dialog).getByRole('checkbox', { name: 'Start new chats with this preset' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The setup without the conversation-only flag, named, and made the default.
    expect(api.sent('POST', '/api/presets')).toEqual([
      { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, title: 'Warm writer', defaultPreset: true },
    ]);
    expect(await screen.findByText('Preset saved')).toBeInTheDocument();

    // The list was refetched: the new preset is there, and it is now the default.
    const menu = await openMenu(events);
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Warm writer (default)' })).toBeInTheDocument(),
    );
  });

  it("shows the server's refusal in the save dialog, which stays open", async () => {
    mockPresetsApi([], {
      failSaves: { status: 409, message: 'You can keep at most 200 presets: delete one before saving another' },
    });
    const { events } = renderWithPresets(<PresetsMenu />);
    await openMenu(events);
    await events.click(screen.getByRole('menuitem', { name: 'Save as preset' }));
    const dialog = screen.getByRole('dialog', { name: 'Save as preset' });
    await events.type(within(dialog).getByRole('textbox', { name: 'Preset name' }), 'One more');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can keep at most 200 presets');
  });

  it('deletes a preset only after confirmation', async () => {
    const api = mockPresetsApi([careful(), quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    const manage = await openManageDialog(events);

    await events.click(within(manage).getByRole('button', { name: 'Delete Quick' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete preset' });
    expect(confirm).toHaveTextContent('Delete the preset “Quick”? This cannot be undone.');
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST', '/api/presets/delete')).toEqual([]);
    expect(within(manage).getByRole('button', { name: 'Delete Quick' })).toHaveFocus();

    await events.click(within(manage).getByRole('button', { name: 'Delete Quick' }));
    confirm = screen.getByRole('dialog', { name: 'Delete preset' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(manage).queryByText('Quick')).not.toBeInTheDocument());
    expect(api.sent('POST', '/api/presets/delete')).toEqual([{ presetId: 'quick' }]);
    expect(screen.queryByRole('dialog', { name: 'Delete preset' })).not.toBeInTheDocument();
    expect(within(manage).getByText('Careful')).toBeInTheDocument();
  });

  it('deletes every preset with the confirmed "delete all"', async () => {
    const api = mockPresetsApi([careful(), quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    const manage = await openManageDialog(events);
    await events.click(within(manage).getByRole('button', { name: 'Delete all presets' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete all presets' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(manage).findByText('No presets yet')).toBeInTheDocument();
    expect(api.sent('POST', '/api/presets/delete')).toEqual([{}]);
  });

  it('makes another preset the default from the management dialog', async () => {
    const api = mockPresetsApi([careful(), quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    const manage = await openManageDialog(events);

    const quickDefault = within(manage).getByRole('button', { name: 'Default preset: Quick' });
    expect(quickDefault).toHaveAttribute('aria-pressed', 'false');
    expect(within(manage).getByRole('button', { name: 'Default preset: Careful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await events.click(quickDefault);
    await waitFor(() =>
      expect(within(manage).getByRole('button', { name: 'Default preset: Quick' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(manage).getByRole('button', { name: 'Default preset: Careful' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.sent('POST', '/api/presets')).toEqual([{ presetId: 'quick', title: 'Quick', defaultPreset: true }]);
  });

  it('edits the name and default flag, showing the saved settings read-only', async () => {
    const api = mockPresetsApi([careful(), quick()]);
    const { events } = renderWithPresets(<PresetsMenu />);
    const manage = await openManageDialog(events);
    await events.click(within(manage).getByRole('button', { name: 'Edit Careful' }));

    const edit = screen.getByRole('dialog', { name: 'Edit preset' });
    const settings = within(edit).getByRole('region', { name: 'Saved settings' });
    expect(
      within(settings)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['endpoint', 'model', 'temperature', 'promptPrefix']);
    expect(settings).toHaveTextContent('Be precise.');
    expect(within(edit).queryByRole('spinbutton')).not.toBeInTheDocument();

    const name = within(edit).getByRole('textbox', { name: 'Preset name' });
    await events.clear(name);
    await events.type(name, 'Very careful');
    await events.click(within(edit).getByRole('checkbox', { name: 'Start new chats with this preset' }));
    await events.click(within(edit).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit preset' })).not.toBeInTheDocument());
    // Only id, name and flag: the server keeps the options it is not sent.
    expect(api.sent('POST', '/api/presets')).toEqual([
      { presetId: 'careful', title: 'Very careful', defaultPreset: false },
    ]);
    expect(await within(manage).findByText('Very careful')).toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Default preset: Very careful' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('is hidden, and asks the API nothing, when the presets interface toggle is off', async () => {
    const api = mockPresetsApi([careful()]);
    renderWithPresets(<PresetsMenu />, { interfaceConfig: { presets: false } });
    // Give any query a chance to start before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Presets' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
