import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startupConfigFixture } from '@/testing/startup-config';
import { currentSetup } from '../setup/testing/render-setup';
import { setCommandSetting } from './lib/command-settings';
import { renderCommands } from './testing/render-commands';

const list = () => screen.queryByRole('listbox', { name: 'Add a second model to your next message' });
const optionNames = () =>
  within(list() as HTMLElement)
    .getAllByRole('option')
    .map((option) => option.textContent);
const initial = { endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o' };
const role = (use: boolean) => ({ name: 'USER' as const, permissions: { MULTI_CONVO: { USE: use } } });
const SLOW = { timeout: 20_000 };

afterEach(() => {
  setCommandSetting('plusCommand', true);
});

describe('the + command', SLOW, () => {
  it('lists models as the user types; Enter adds the model for the turn without switching the chat', async () => {
    const { events, textbox, onAddModel, onSubmit } = renderCommands({ initial, withAddModel: true, role: role(true) });
    await events.type(textbox(), '+');
    expect(list()).toBeInTheDocument();
    await events.type(textbox(), 'haiku');
    expect(optionNames()).toEqual(['claude-3-haiku-20240307Anthropic']);
    await events.keyboard('{Enter}');

    expect(onAddModel).toHaveBeenCalledWith({
      setup: expect.objectContaining({ endpoint: 'anthropic', model: 'claude-3-haiku-20240307' }),
      label: 'claude-3-haiku-20240307',
    });
    // The chat keeps its own model; the `+…` text goes; nothing is sent.
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(textbox()).toHaveValue('');
    expect(list()).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes with Escape and keeps the text', async () => {
    const { events, textbox, onAddModel } = renderCommands({ initial, withAddModel: true, role: role(true) });
    await events.type(textbox(), '+gem');
    expect(list()).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(list()).not.toBeInTheDocument();
    expect(textbox()).toHaveValue('+gem');
    expect(onAddModel).not.toHaveBeenCalled();
  });

  it('is plain text without MULTI_CONVO, with the setting off, with interface.multiConvo off, or mid-message', async () => {
    const denied = renderCommands({ initial, withAddModel: true, role: role(false) });
    await denied.events.type(denied.textbox(), '+');
    expect(list()).not.toBeInTheDocument();
    denied.unmount();

    setCommandSetting('plusCommand', false);
    const off = renderCommands({ initial, withAddModel: true, role: role(true) });
    await off.events.type(off.textbox(), '+');
    expect(list()).not.toBeInTheDocument();
    off.unmount();

    setCommandSetting('plusCommand', true);
    const hidden = renderCommands({
      initial,
      withAddModel: true,
      role: role(true),
      startup: { ...startupConfigFixture, interface: { multiConvo: false } },
    });
    await hidden.events.type(hidden.textbox(), '+');
    expect(list()).not.toBeInTheDocument();
    hidden.unmount();

    const on = renderCommands({ initial, withAddModel: true, role: role(true) });
    await on.events.type(on.textbox(), '1 +');
    expect(list()).not.toBeInTheDocument();
  });
});
