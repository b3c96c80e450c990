import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { userFixture } from '@/testing/account-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { startupConfigFixture } from '@/testing/startup-config';
import { promptGroupFixture } from '../testing/prompt-fixtures';
import { PromptCards } from './prompt-cards';

const plain = promptGroupFixture({ _id: 'g-plain', name: 'Haiku', productionPrompt: { prompt: 'Write a haiku.' } });
const templated = promptGroupFixture({
  _id: 'g-var',
  name: 'Letter',
  author: 'someone-else',
  productionPrompt: { prompt: 'Dear {{name}}, **thanks**' },
});

function renderCards(use = true) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/roles/USER') return jsonResponse({ name: 'USER', permissions: { PROMPTS: { USE: use } } });
    if (call.url.startsWith('/api/prompts/random')) return jsonResponse({ prompts: [plain, templated] });
    return jsonResponse({}, 404);
  });
  const onRun = vi.fn();
  const view = renderWithProviders(<PromptCards onRun={onRun} />, { user: userFixture() });
  return { ...view, onRun, prompts: () => calls.calls.filter((call) => call.url.startsWith('/api/prompts')) };
}

describe('PromptCards', () => {
  it('runs a prompt without variables at once', async () => {
    const { events, onRun, prompts } = renderCards();
    await events.click(await screen.findByRole('button', { name: 'Run the prompt Haiku' }, { timeout: 5000 }));
    expect(onRun).toHaveBeenCalledWith('Write a haiku.');
    expect(prompts()[0]?.url).toBe('/api/prompts/random?limit=4&skip=0');
  });

  it('asks for the variables first when the prompt has some', async () => {
    const { events, onRun } = renderCards();
    await events.click(await screen.findByRole('button', { name: 'Run the prompt Letter' }));
    await events.type(screen.getByLabelText('name'), 'Bo');
    await events.click(screen.getByRole('button', { name: 'Send' }));
    expect(onRun).toHaveBeenCalledWith('Dear Bo, **thanks**');
  });

  it('previews any prompt, and offers edit only on the author’s own', async () => {
    const { events, router } = renderCards();
    await events.click(await screen.findByRole('button', { name: 'Actions for Letter' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit prompt' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('menuitem', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'Letter' });
    expect(await within(dialog).findByText('thanks', {}, { timeout: 5000 })).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));

    await events.click(screen.getByRole('button', { name: 'Actions for Haiku' }));
    await events.click(screen.getByRole('menuitem', { name: 'Edit prompt' }));
    expect(router.state.location.pathname).toBe('/d/prompts/g-plain');
  });

  it('shows nothing and asks for nothing without the permission to use prompts', async () => {
    const { queryClient, prompts } = renderCards(false);
    await waitFor(() => expect(queryClient.getQueryData(roleQueryOptions('USER').queryKey)).toBeDefined());
    expect(screen.queryByTestId('prompt-cards')).not.toBeInTheDocument();
    expect(prompts()).toHaveLength(0);
  });

  it('hides when the config switches the prompt library off', async () => {
    const { queryClient } = renderCards();
    await screen.findByTestId('prompt-cards', {}, { timeout: 5000 });
    queryClient.setQueryData(startupConfigQueryOptions.queryKey, {
      ...startupConfigFixture,
      interface: { prompts: false },
    });
    await waitFor(() => expect(screen.queryByTestId('prompt-cards')).not.toBeInTheDocument());
  });
});
