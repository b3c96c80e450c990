import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleResponse } from '@contract/auth';
import { promptGroupFixture, renderCommands } from './testing/render-commands';

const list = () => screen.queryByRole('listbox', { name: 'Insert a saved prompt' });
const optionNames = async () =>
  within(await screen.findByRole('listbox', { name: 'Insert a saved prompt' }))
    .getAllByRole('option')
    .map((option) => option.textContent);
const activeOption = () =>
  within(list() as HTMLElement)
    .getAllByRole('option')
    .find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;
const role = (prompts: boolean): RoleResponse => ({ name: 'USER', permissions: { PROMPTS: { USE: prompts } } });
const initial = { endpoint: 'openAI', model: 'gpt-4o' };
const prompts = [
  promptGroupFixture(),
  promptGroupFixture({
    _id: 'group-2',
    name: 'Translate to French',
    command: 'french',
    oneliner: '',
    productionPrompt: { prompt: 'Translate into {{tone:formal|casual}} French: {{text}}' },
  }),
  promptGroupFixture({ _id: 'group-3', name: 'Weekly summary', command: null, oneliner: 'Status mail' }),
  // No production version: nothing to insert.
  promptGroupFixture({ _id: 'group-4', name: 'Empty', command: 'empty', productionPrompt: null }),
];
const SLOW = { timeout: 20_000 };

describe('the / command', SLOW, () => {
  it('lists the prompts with a production version, filtered by command or name', async () => {
    const { events, textbox } = renderCommands({ initial, role: role(true), prompts });
    await events.type(textbox(), '/');
    expect(await optionNames()).toEqual([
      'Summarise/summary · Short summary of a text',
      'Translate to French/french',
      'Weekly summaryStatus mail',
    ]);
    // By name, and a command starting with the query first.
    await events.type(textbox(), 'summ');
    expect(await optionNames()).toEqual(['Summarise/summary · Short summary of a text', 'Weekly summaryStatus mail']);
    await events.clear(textbox());
    await events.type(textbox(), '/FRE');
    expect(await optionNames()).toEqual(['Translate to French/french']);
    await events.type(textbox(), 'x');
    expect(screen.getByRole('status')).toHaveTextContent('No prompt matches this command or name');
  });

  it('moves with the arrow keys (wrapping) and inserts the prompt on Enter instead of sending', async () => {
    const { events, textbox, onSubmit } = renderCommands({ initial, role: role(true), prompts });
    await events.type(textbox(), '/');
    await optionNames();
    expect(activeOption()).toMatch(/^Summarise/);
    await events.keyboard('{ArrowUp}');
    expect(activeOption()).toMatch(/^Weekly summary/);
    await events.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toMatch(/^Translate/);
    await events.keyboard('{ArrowUp}{Enter}');
    expect(textbox()).toHaveValue('Summarise this in three bullet points:');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(list()).not.toBeInTheDocument();
    // The next Enter sends the inserted prompt.
    await events.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Summarise this in three bullet points:');
  });

  it('inserts on Tab or a click, and Escape closes keeping the text', async () => {
    const { events, textbox } = renderCommands({ initial, role: role(true), prompts });
    await events.type(textbox(), '/week');
    await optionNames();
    await events.keyboard('{Tab}');
    expect(textbox()).toHaveValue('Summarise this in three bullet points:');
    expect(textbox()).toHaveFocus();

    await events.clear(textbox());
    await events.type(textbox(), '/sum');
    await events.keyboard('{Escape}');
    expect(list()).not.toBeInTheDocument();
    expect(textbox()).toHaveValue('/sum');

    await events.clear(textbox());
    await events.type(textbox(), '/');
    await events.click(await screen.findByRole('option', { name: /Weekly summary/ }));
    expect(textbox()).toHaveValue('Summarise this in three bullet points:');
  });

  it('hands a prompt with variables to the variable form when there is one, else inserts it', async () => {
    const first = renderCommands({ initial, role: role(true), prompts, withVariablesForm: true });
    await first.events.type(first.textbox(), '/french');
    await optionNames();
    await first.events.keyboard('{Enter}');
    expect(first.onPromptWithVariables).toHaveBeenCalledExactlyOnceWith(
      'Translate into {{tone:formal|casual}} French: {{text}}',
    );
    expect(first.textbox()).toHaveValue('');
    first.unmount();

    const second = renderCommands({ initial, role: role(true), prompts });
    await second.events.type(second.textbox(), '/french');
    await optionNames();
    await second.events.keyboard('{Enter}');
    expect(second.textbox()).toHaveValue('Translate into {{tone:formal|casual}} French: {{text}}');
  });

  it('needs the PROMPTS permission and the slash-command setting', async () => {
    const denied = renderCommands({ initial, role: role(false), prompts });
    await denied.events.type(denied.textbox(), '/');
    expect(list()).not.toBeInTheDocument();
    expect(denied.server.callsTo('/api/prompts/all')).toHaveLength(0);
    denied.unmount();

    window.localStorage.setItem('slashCommand', 'false');
    const off = renderCommands({ initial, role: role(true), prompts });
    await off.events.type(off.textbox(), '/sum{Enter}');
    expect(list()).not.toBeInTheDocument();
    expect(off.onSubmit).toHaveBeenCalledExactlyOnceWith('/sum');
    expect(off.server.callsTo('/api/prompts/all')).toHaveLength(0);
  });

  it('opens only for / first in the message', async () => {
    const { events, textbox } = renderCommands({ initial, role: role(true), prompts });
    await events.type(textbox(), 'and/or ');
    expect(list()).not.toBeInTheDocument();
  });
});
