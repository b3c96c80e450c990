import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { specFixture, startupConfig } from '@/testing/chat-setup-fixtures';
import { presetFixture } from '../presets/testing/presets-fixtures';
import { currentSetup } from '../setup/testing/render-setup';
import { renderCommands } from './testing/render-commands';

const list = () => screen.queryByRole('listbox', { name: 'Switch the model for this chat' });
const optionNames = () =>
  within(list() as HTMLElement)
    .getAllByRole('option')
    .map((option) => option.textContent);
const activeOption = () =>
  within(list() as HTMLElement)
    .getAllByRole('option')
    .find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;
const initial = { endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o' };
const SLOW = { timeout: 20_000 };

describe('the @ command', SLOW, () => {
  it('lists specs, endpoints, models and presets, filtered as the user types', async () => {
    const { events, textbox } = renderCommands({
      initial,
      startup: startupConfig({ modelSpecs: { list: [specFixture()] } }),
      presets: [presetFixture({ title: 'Terse helper', endpoint: 'google', model: 'gemini-1.5-pro' })],
    });
    expect(list()).not.toBeInTheDocument();
    await events.type(textbox(), '@');
    const names = optionNames();
    expect(names).toEqual(
      expect.arrayContaining(['WriterCareful long-form writing', 'OpenAI', 'Anthropic', 'gpt-4o-miniOpenAI']),
    );
    expect(names).toContain('Terse helperGoogle · gemini-1.5-pro');
    expect(within(list() as HTMLElement).getByRole('group', { name: 'Models' })).toBeInTheDocument();

    await events.type(textbox(), 'haiku');
    expect(optionNames()).toEqual(['claude-3-haiku-20240307Anthropic']);
    // Every word counts, in the name or the second line.
    await events.clear(textbox());
    await events.type(textbox(), '@gemini google pro');
    expect(optionNames()).toEqual(['gemini-1.5-proGoogle', 'Terse helperGoogle · gemini-1.5-pro']);
  });

  it('moves with the arrow keys (wrapping), and Enter switches the model and removes the @ text without sending', async () => {
    const { events, textbox, onSubmit } = renderCommands({ initial });
    await events.type(textbox(), 'Hi @goo');
    expect(optionNames()).toEqual(['Google', 'gemini-1.5-proGoogle', 'gemini-1.5-flash-latestGoogle']);
    expect(activeOption()).toBe('Google');
    expect(textbox()).toHaveAttribute('aria-activedescendant', expect.stringContaining('-option-0'));
    await events.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('gemini-1.5-flash-latestGoogle');
    await events.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Google');
    await events.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('gemini-1.5-proGoogle');
    await events.keyboard('{Enter}');

    expect(currentSetup()).toMatchObject({ endpoint: 'google', model: 'gemini-1.5-pro' });
    expect(textbox()).toHaveValue('Hi ');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(list()).not.toBeInTheDocument();
    expect(textbox()).not.toHaveAttribute('aria-activedescendant');
  });

  it('chooses with Tab, and a model of the current endpoint keeps the rest of the setup', async () => {
    const { events, textbox } = renderCommands({ initial: { ...initial, temperature: 0.2 } });
    await events.type(textbox(), '@o3');
    await events.keyboard('{Tab}');
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI', model: 'o3-mini', temperature: 0.2 });
    expect(textbox()).toHaveValue('');
    expect(textbox()).toHaveFocus();
  });

  it('closes on Escape and keeps the text; Enter then sends it, and a new @ opens the list again', async () => {
    const { events, textbox, onSubmit } = renderCommands({ initial });
    await events.type(textbox(), 'mail @ope');
    expect(list()).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(list()).not.toBeInTheDocument();
    expect(textbox()).toHaveValue('mail @ope');
    await events.type(textbox(), 'n');
    expect(list()).not.toBeInTheDocument();
    await events.type(textbox(), ' @');
    expect(list()).toBeInTheDocument();
    await events.keyboard('{Escape}{Backspace}{Backspace}{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('mail @open');
    expect(currentSetup()).toMatchObject(initial);
  });

  it('picks with the mouse, applies a preset or a spec as their menus do', async () => {
    const preset = presetFixture({ title: 'Terse helper', endpoint: 'google', model: 'gemini-1.5-pro' });
    const { events, textbox } = renderCommands({
      initial,
      startup: startupConfig({ modelSpecs: { list: [specFixture()] } }),
      presets: [preset],
    });
    await events.type(textbox(), '@terse');
    await events.click(screen.getByRole('option', { name: /Terse helper/ }));
    expect(currentSetup()).toMatchObject({ endpoint: 'google', model: 'gemini-1.5-pro' });
    expect(await screen.findByText('Preset “Terse helper” applied')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');

    await events.type(textbox(), '@writer');
    await events.click(screen.getByRole('option', { name: /Writer/ }));
    expect(currentSetup()).toMatchObject({ endpoint: 'anthropic', spec: 'writer', temperature: 0.3 });
  });

  it('asks for the key when the endpoint chosen needs one the user has not set', async () => {
    const { events, textbox } = renderCommands({ initial });
    await events.type(textbox(), '@openrouter');
    await events.click(screen.getByRole('option', { name: 'OpenRouter' }));
    expect(currentSetup()).toMatchObject({ endpoint: 'OpenRouter', model: 'meta/llama-3' });
    expect(await screen.findByRole('dialog')).toHaveTextContent('OpenRouter');
  });

  it('opens only at the start or after a space, only with focus, and not when the setting is off', async () => {
    const { events, textbox } = renderCommands({ initial });
    await events.type(textbox(), 'ada@goo');
    expect(list()).not.toBeInTheDocument();
    await events.clear(textbox());
    await events.type(textbox(), '@');
    expect(list()).toBeInTheDocument();
    textbox().blur();
    await waitFor(() => expect(list()).not.toBeInTheDocument());
    // A message going on after a space closes a list with nothing left to match.
    await events.type(textbox(), ' 5pm tomorrow');
    expect(list()).not.toBeInTheDocument();
  });

  it('is off with the at-command setting off', async () => {
    window.localStorage.setItem('atCommand', 'false');
    const { events, textbox, onSubmit } = renderCommands({ initial });
    await events.type(textbox(), '@');
    expect(list()).not.toBeInTheDocument();
    await events.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('@');
  });
});
