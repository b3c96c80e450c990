import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promptFixture, promptGroupFixture } from '@/shared/prompts/testing/prompt-fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockPromptsApi, type PromptsApiState } from '../testing/prompts-api';
import { renderPrompts, type RenderPromptsOptions } from '../testing/render-prompts';

function setup(state: Partial<PromptsApiState> = {}, options: RenderPromptsOptions = {}) {
  const api = mockPromptsApi({
    groups: [promptGroupFixture()],
    versions: [promptFixture({ prompt: 'Hello {{who}}' })],
    ...state,
  });
  const view = renderPrompts({ path: '/d/prompts/g1', ...options });
  return { ...view, api };
}

const editor = () => screen.findByTestId('prompt-editor', {}, { timeout: 5000 });

describe('the prompt page, for its author', () => {
  it('saves a new version only when the text changed, and makes it production in Simple mode', async () => {
    const { events, api } = setup();
    await editor();
    expect(screen.getByTestId('prompt-variable-chips')).toHaveTextContent('who');

    await events.click(screen.getByRole('button', { name: 'Edit the text' }));
    await events.keyboard('{Escape}');
    expect(api.writes()).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Edit the text' }));
    await events.type(screen.getByTestId('prompt-text-input'), ' and {{{{when}}');
    await events.click(screen.getByTestId('prompt-name'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    const [create, production] = api.writes();
    expect(create?.url).toBe('/api/prompts');
    expect(JSON.parse(create?.body ?? '')).toEqual({
      prompt: { prompt: 'Hello {{who}} and {{when}}', type: 'text', groupId: 'g1' },
    });
    expect(production?.url).toBe('/api/prompts/new-1/tags/production');
    expect(await screen.findByText('when')).toBeInTheDocument();
  });

  it('renames on Enter and not on Escape', async () => {
    const { events, api } = setup();
    await editor();
    await events.click(screen.getByRole('button', { name: 'Rename' }));
    await events.type(screen.getByTestId('prompt-name-input'), ' draft{Escape}');
    expect(screen.getByTestId('prompt-name')).toHaveTextContent('Summariser');
    expect(api.writes()).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Rename' }));
    await events.clear(screen.getByTestId('prompt-name-input'));
    await events.type(screen.getByTestId('prompt-name-input'), 'Digest{Enter}');
    await waitFor(() => expect(screen.getByTestId('prompt-name')).toHaveTextContent('Digest'));
    expect(api.writes().map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', '/api/prompts/groups/g1', JSON.stringify({ name: 'Digest' })],
    ]);
  });

  it('saves the description and the normalised command once typing pauses', async () => {
    const { events, api } = setup();
    await editor();
    await events.type(screen.getByTestId('prompt-command'), ' Long Cmd!');
    expect(screen.getByTestId('prompt-command')).toHaveValue('sum-long-cmd');
    const typedAt = Date.now();
    expect(api.writes()).toHaveLength(0);
    await waitFor(() => expect(api.writes()).toHaveLength(1), { timeout: 3000 });
    // 950 ms after the last key (a little slack for the timer's start).
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900);
    expect(api.writes()[0]?.body).toBe(JSON.stringify({ command: 'sum-long-cmd' }));
  });

  it('shows production at once and puts it back when the server refuses', async () => {
    localStorage.setItem('promptsEditorMode', JSON.stringify('advanced'));
    let refuse: (response: Response) => void = () => undefined;
    const { events } = setup({
      versions: [
        promptFixture({ _id: 'p2', prompt: 'Second', createdAt: '2026-01-03T10:00:00.000Z' }),
        promptFixture({ prompt: 'First' }),
      ],
      override: (call) =>
        call.url.endsWith('/tags/production') ? new Promise<Response>((resolve) => (refuse = resolve)) : undefined,
    });
    await editor();
    const versions = screen.getByTestId('prompt-versions');
    const [latest, older] = within(versions).getAllByRole('button');
    expect(latest).toHaveTextContent('latest');
    expect(older).toHaveTextContent('production');

    await events.click(latest!);
    expect(screen.getByTestId('prompt-text-preview')).toHaveTextContent('Second');
    await events.click(screen.getByRole('button', { name: 'Make production' }));
    await waitFor(() => expect(latest).toHaveTextContent('production'));
    expect(older).not.toHaveTextContent('production');

    refuse(jsonResponse({ message: 'no' }, 403));
    await waitFor(() => expect(older).toHaveTextContent('production'));
    expect(latest).not.toHaveTextContent('production');
    expect(await screen.findByText('The prompt could not be updated.')).toBeInTheDocument();
  });

  it('goes back to the list when the last version is deleted with its group', async () => {
    const { events, router } = setup();
    await editor();
    await events.click(screen.getByRole('button', { name: 'Delete version' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete version' });
    expect(dialog).toHaveTextContent('deleting it deletes the whole prompt');
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/prompts'));
  });

  it('says when it is already shared, and changes nothing', async () => {
    const shared = promptGroupFixture({ projectIds: ['instance'] });
    const { events, api } = setup({ groups: [shared] }, { prompts: { SHARED_GLOBAL: true } });
    await editor();
    await events.click(screen.getByRole('button', { name: 'Share' }));
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This prompt is already shared with all users.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('shares with everyone through the instance project', async () => {
    const { events, api } = setup({}, { prompts: { SHARED_GLOBAL: true } });
    await editor();
    await events.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog');
    await events.click(within(dialog).getByRole('switch', { name: 'Shared with all users' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toBe(JSON.stringify({ projectIds: ['instance'] }));
  });

  it('hides sharing without the permission to share', async () => {
    setup();
    await editor();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('opens the settings in a side panel on a narrow screen; Escape closes it', async () => {
    const { events } = setup();
    await editor();
    await events.click(screen.getByRole('button', { name: 'Prompt settings' }));
    expect(screen.getByTestId('prompt-side-panel')).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(screen.queryByTestId('prompt-side-panel')).not.toBeInTheDocument();
  });

  it('keeps no side panel open on a wide screen (the settings sit beside the editor)', async () => {
    const { events } = setup({}, { wide: true });
    await editor();
    await events.click(screen.getByRole('button', { name: 'Prompt settings' }));
    expect(screen.queryByTestId('prompt-side-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('prompt-controls')).toBeInTheDocument();
  });
});

describe('the prompt page, for anyone else', () => {
  it('is read-only on a shared prompt, showing its production text', async () => {
    const group = promptGroupFixture({ author: 'someone', authorName: 'Bo', projectIds: ['instance'] });
    setup({
      groups: [group],
      versions: [],
      override: (call) =>
        call.url === '/api/prompts/p1' ? jsonResponse(promptFixture({ prompt: 'Shared text' })) : undefined,
    });
    expect(await screen.findByText(/Shared by Bo/)).toBeInTheDocument();
    expect(screen.getByTestId('prompt-text-preview')).toHaveTextContent('Shared text');
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the text' })).not.toBeInTheDocument();
    expect(screen.getByTestId('prompt-oneliner')).toHaveAttribute('readonly');
  });

  it('says a prompt that is not shared cannot be seen, with the way back', async () => {
    const { events, router } = setup({ groups: [] });
    const notice = await screen.findByTestId('prompt-not-shared');
    expect(notice).toHaveTextContent('This prompt is not shared with you.');
    await events.click(within(notice).getByRole('link', { name: 'Back to the prompts' }));
    expect(router.state.location.pathname).toBe('/d/prompts');
  });
});
