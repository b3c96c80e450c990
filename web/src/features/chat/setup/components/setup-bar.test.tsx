import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { conversation, listItem } from '@/shared/conversation/testing/fixtures';
import { roleFixture, specFixture, startupConfig } from '@/testing/chat-setup-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { LAST_MODEL_STORAGE_KEY } from '../lib/setup-storage';
import { currentSetup, renderWithSetup } from '../testing/render-setup';
import { setupOfConversation } from '../../screen/conversation-setup';
import { SetupBar } from './setup-bar';

/** No user key stored for anything: GET /api/keys answers 404. */
const noKeys = () =>
  mockFetch((call) =>
    call.url.startsWith('/api/keys') ? jsonResponse({ message: 'Key not found' }, 404) : jsonResponse({}, 404),
  );

const controls = () => ({
  endpoints: screen.queryByRole('button', { name: /^Endpoint:/ }),
  model: screen.queryByRole('button', { name: /^Model:/ }),
  parameters: screen.queryByRole('button', { name: 'Model parameters' }),
  temporary: screen.queryByRole('switch', { name: 'Temporary chat' }),
  specs: screen.queryByRole('button', { name: /^Model spec:/ }),
});

describe('SetupBar', () => {
  it('is a labelled group with every control when nothing is switched off', () => {
    noKeys();
    renderWithSetup(<SetupBar />);
    expect(screen.getByRole('group', { name: 'Conversation setup' })).toBeInTheDocument();
    const shown = controls();
    expect(shown.endpoints).toHaveAccessibleName('Endpoint: OpenAI');
    expect(shown.model).toHaveAccessibleName('Model: gpt-4o-mini');
    expect(shown.parameters).toBeInTheDocument();
    expect(shown.temporary).toBeInTheDocument();
    expect(shown.specs).not.toBeInTheDocument();
  });

  it('shows each endpoint by its icon: the provider’s mark for built-ins, the configured image for a custom one', async () => {
    noKeys();
    const { events } = renderWithSetup(<SetupBar />);
    const button = screen.getByRole('button', { name: 'Endpoint: OpenAI' });
    expect(button.querySelector('svg[data-mark]')?.getAttribute('data-mark')).toBe('openAI');
    await events.click(button);
    const marks = screen.getAllByRole('option').map((option) => {
      const image = option.querySelector('img');
      return image ? image.getAttribute('src') : option.querySelector('svg[data-mark]')?.getAttribute('data-mark');
    });
    expect(marks).toEqual(['openAI', 'google', 'anthropic', 'https://example.com/or.png']);
  });

  it.each([
    ['endpointsMenu', 'endpoints'],
    ['modelSelect', 'model'],
    ['parameters', 'parameters'],
    ['temporaryChat', 'temporary'],
  ] as const)('hides the control when interface.%s is false', (toggle, control) => {
    noKeys();
    renderWithSetup(<SetupBar />, { startup: startupConfig({ interface: { [toggle]: false } }) });
    const shown = controls();
    expect(shown[control]).not.toBeInTheDocument();
    for (const [name, element] of Object.entries(shown))
      if (name !== control && name !== 'specs') expect(element).toBeInTheDocument();
  });

  it('hides temporary chat without the permission, and for a conversation already saved', () => {
    noKeys();
    const view = renderWithSetup(<SetupBar />, { role: roleFixture(false) });
    expect(controls().temporary).not.toBeInTheDocument();
    view.unmount();
    renderWithSetup(<SetupBar />, { initial: { endpoint: 'openAI', model: 'gpt-4o' } });
    expect(controls().temporary).not.toBeInTheDocument();
  });

  it('keeps a started temporary chat marked, and marks no other saved chat', () => {
    noKeys();
    // The setup a saved conversation's screen starts from, as GET /api/convos/{id} answers it.
    const saved = (overrides: Partial<ChatConversation>) =>
      setupOfConversation(conversation(listItem('c1'), { model: 'gpt-4o', ...overrides }));
    const view = renderWithSetup(<SetupBar />, {
      initial: saved({ isTemporary: true, expiredAt: '2026-12-25T00:00:00.000Z' }),
    });
    expect(controls().temporary).not.toBeInTheDocument();
    expect(screen.getByTitle('Temporary chat: this conversation will not be saved to your history')).toHaveTextContent(
      'Temporary chat',
    );
    view.unmount();
    renderWithSetup(<SetupBar />, { initial: saved({}) });
    expect(screen.queryByText('Temporary chat')).not.toBeInTheDocument();
  });

  it('turns a new conversation temporary and back', async () => {
    noKeys();
    const { events } = renderWithSetup(<SetupBar />);
    const toggle = screen.getByRole('switch', { name: 'Temporary chat' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(currentSetup()).toMatchObject({ isTemporary: true });
    await events.click(toggle);
    expect(currentSetup()).toMatchObject({ isTemporary: false });
  });

  it('has no parameters button for an endpoint without a parameter table', () => {
    noKeys();
    renderWithSetup(<SetupBar />, { initial: { endpoint: 'agents', agent_id: 'a1' } });
    expect(controls().parameters).not.toBeInTheDocument();
  });

  it('lists endpoints in order with labels and key states, and switching starts over with the last model there', async () => {
    noKeys();
    window.localStorage.setItem(LAST_MODEL_STORAGE_KEY, JSON.stringify({ google: 'gemini-1.5-pro' }));
    const { events } = renderWithSetup(<SetupBar />, {
      initial: { endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o', temperature: 1.7 },
    });
    await events.click(screen.getByRole('button', { name: 'Endpoint: OpenAI' }));
    const options = within(screen.getByRole('listbox', { name: 'Endpoint' })).getAllByRole('option');
    expect(options.map((option) => option.querySelector('span > span')?.textContent)).toEqual([
      'OpenAI',
      'Google',
      'Anthropic',
      'OpenRouter',
    ]);
    expect(await within(options[3] as HTMLElement).findByText('Key needed')).toBeInTheDocument();
    await events.click(options[1] as HTMLElement);
    expect(currentSetup()).toEqual({ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro' });
  });

  it('asks for the key on switching to an endpoint whose key is not set, and shows its state', async () => {
    noKeys();
    const { events } = renderWithSetup(<SetupBar />);
    await events.click(screen.getByRole('button', { name: 'Endpoint: OpenAI' }));
    await events.click(screen.getByRole('option', { name: /OpenRouter/ }));
    expect(currentSetup()).toMatchObject({ endpoint: 'OpenRouter', endpointType: 'custom', model: 'meta/llama-3' });
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for OpenRouter' });
    expect(within(dialog).getByLabelText('Base URL')).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set API key for OpenRouter' })).toBeInTheDocument();
  });

  it('replaces the setup with a chosen model spec, keeping the chat temporary', async () => {
    noKeys();
    const specs = [
      specFixture(),
      specFixture({
        name: 'coder',
        label: 'Coder',
        description: 'Code helper',
        preset: { endpoint: 'OpenRouter', model: 'mistral/large', top_p: 0.5 },
      }),
    ];
    const { events } = renderWithSetup(<SetupBar />, { startup: startupConfig({ modelSpecs: { list: specs } }) });
    await events.click(screen.getByRole('switch', { name: 'Temporary chat' }));
    await events.click(screen.getByRole('button', { name: 'Model spec: Select a model spec' }));
    const coder = screen.getByRole('option', { name: /Coder/ });
    expect(coder).toHaveTextContent('Code helper');
    await events.click(coder);
    expect(currentSetup()).toEqual({
      endpoint: 'OpenRouter',
      endpointType: 'custom',
      model: 'mistral/large',
      top_p: 0.5,
      spec: 'coder',
      isTemporary: true,
    });
    expect(screen.getByRole('button', { name: 'Model spec: Coder' })).toBeInTheDocument();
  });

  it('offers only specs when the config enforces them', () => {
    noKeys();
    renderWithSetup(<SetupBar />, { startup: startupConfig({ modelSpecs: { list: [specFixture()], enforce: true } }) });
    const shown = controls();
    expect(shown.specs).toBeInTheDocument();
    expect(shown.endpoints).not.toBeInTheDocument();
    expect(shown.model).not.toBeInTheDocument();
  });
});
