import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { agentFixture } from '@/shared/agents/testing/agent-fixtures';
import { endpointsFixture } from '@/testing/chat-setup-fixtures';
import { startupConfigFixture } from '@/testing/startup-config';
import { presetFixture } from '../presets/testing/presets-fixtures';
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

  it("adds a preset with the preset's own endpoint, model and parameters, none of the chat's, and applies nothing", async () => {
    const preset = presetFixture({
      title: 'Terse helper',
      endpoint: 'google',
      model: 'gemini-1.5-pro',
      temperature: 0.9,
      promptPrefix: 'Be terse.',
    });
    const { events, textbox, onAddModel } = renderCommands({
      initial: { ...initial, temperature: 0.2, top_p: 0.5 },
      presets: [preset],
      withAddModel: true,
      role: role(true),
    });
    await events.type(textbox(), '+terse');
    expect(optionNames()).toEqual(['Terse helperGoogle · gemini-1.5-pro']);
    await events.keyboard('{Enter}');

    expect(onAddModel).toHaveBeenCalledOnce();
    const [added] = onAddModel.mock.calls[0] ?? [];
    expect(added).toEqual({
      setup: { endpoint: 'google', model: 'gemini-1.5-pro', temperature: 0.9, promptPrefix: 'Be terse.' },
      label: 'Terse helper',
    });
    // The chat keeps its own setup, and nothing claims the preset was applied to it.
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, top_p: 0.5 });
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
  });

  it('adds an agent as an agents run of that agent, its reply named after it', async () => {
    const agent = agentFixture({ id: 'agent_guide', name: 'Tour Guide', description: 'Knows every city' });
    const { events, textbox, onAddModel } = renderCommands({
      initial: { ...initial, temperature: 0.2, promptPrefix: 'Chat instructions' },
      endpoints: { ...endpointsFixture, agents: { order: 1, userProvide: false, userProvideURL: false } },
      agents: [agent],
      withAddModel: true,
      role: role(true),
    });
    await events.type(textbox(), '+guide');
    expect(await within(list() as HTMLElement).findByRole('option', { name: /Tour Guide/ })).toBeInTheDocument();
    await events.keyboard('{Enter}');

    expect(onAddModel).toHaveBeenCalledOnce();
    const [added] = onAddModel.mock.calls[0] ?? [];
    expect(added).toEqual({
      setup: { endpoint: 'agents', endpointType: 'agents', agent_id: 'agent_guide' },
      label: 'Tour Guide',
      replyLabel: 'Tour Guide',
    });
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Chat instructions' });
  });
});
