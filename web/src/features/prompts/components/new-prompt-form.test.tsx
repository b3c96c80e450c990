import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockPromptsApi } from '../testing/prompts-api';
import { renderPrompts } from '../testing/render-prompts';

const submit = () => screen.getByTestId('create-prompt-submit');

async function openForm(options: Parameters<typeof renderPrompts>[0] = {}) {
  const view = renderPrompts({ path: '/d/prompts/new', ...options });
  await screen.findByRole('heading', { name: 'Create Prompt' }, { timeout: 5000 });
  return view;
}

describe('the new prompt form', () => {
  it('keeps create disabled until the form is changed and has a name and a text', async () => {
    mockPromptsApi({ groups: [], versions: [] });
    const { events } = await openForm();
    expect(submit()).toBeDisabled();

    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Greeter');
    expect(submit()).toBeDisabled();
    await events.click(screen.getByRole('textbox', { name: 'Prompt text' }));
    await events.tab();
    expect(screen.getByText('The prompt text is required')).toBeInTheDocument();

    await events.type(screen.getByRole('textbox', { name: 'Prompt text' }), 'Say hi to {{{{name}}');
    expect(submit()).toBeEnabled();
    await events.clear(screen.getByRole('textbox', { name: 'Name' }));
    await events.tab();
    expect(screen.getByText('A name is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('normalises the command as typed and counts both limited fields', async () => {
    mockPromptsApi({ groups: [], versions: [] });
    const { events } = await openForm();
    const command = screen.getByRole('textbox', { name: 'Command' });
    await events.type(command, 'My Cmd_1!');
    expect(command).toHaveValue('my-cmd1');
    expect(screen.getByText('7 of 56 characters')).toBeInTheDocument();
    await events.type(screen.getByRole('textbox', { name: 'Short description' }), 'Hi');
    expect(screen.getByText('2 of 120 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Short description' })).toHaveAttribute('maxlength', '120');
  });

  it('creates the group, remembers its category and opens its page', async () => {
    const api = mockPromptsApi({ groups: [], versions: [] });
    const { events, router } = await openForm();
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Greeter');
    await events.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'idea');
    await events.type(screen.getByRole('textbox', { name: 'Prompt text' }), 'Say hi');
    await events.type(screen.getByRole('textbox', { name: 'Command' }), 'hi');
    await events.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/d/prompts/new-group-1'));
    expect(JSON.parse(api.writes()[0]?.body ?? '')).toEqual({
      prompt: { prompt: 'Say hi', type: 'text' },
      group: { name: 'Greeter', category: 'idea', oneliner: '', command: 'hi' },
    });
    expect(localStorage.getItem('lastPromptCategory')).toBe('"idea"');
  });

  it('starts from the category used last', async () => {
    localStorage.setItem('lastPromptCategory', JSON.stringify('write'));
    mockPromptsApi({ groups: [], versions: [] });
    await openForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('write'));
  });

  it('says so when the server refuses', async () => {
    mockPromptsApi({
      groups: [],
      versions: [],
      override: (call) => (call.method === 'POST' ? jsonResponse({ message: 'no' }, 500) : undefined),
    });
    const { events } = await openForm();
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Greeter');
    await events.type(screen.getByRole('textbox', { name: 'Prompt text' }), 'Say hi');
    await events.click(submit());
    expect(await screen.findByText('The prompt could not be created.')).toBeInTheDocument();
  });
});
