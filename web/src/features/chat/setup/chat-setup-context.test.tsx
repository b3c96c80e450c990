import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatSetup } from '@/shared/conversation/types';
import { modelsFixture, specFixture, startupConfig } from '@/testing/chat-setup-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { useChatSetup } from './chat-setup-context';
import { LAST_MODEL_STORAGE_KEY, LAST_SETUP_STORAGE_KEY } from './lib/setup-storage';
import { currentSetup, renderWithSetup } from './testing/render-setup';

/** Buttons that call the context's update and replace. */
function Editor({ patch, next }: { patch: Partial<ChatSetup>; next: ChatSetup }) {
  const { update, replace } = useChatSetup();
  return (
    <>
      <button type="button" onClick={() => update(patch)}>
        update
      </button>
      <button type="button" onClick={() => replace(next)}>
        replace
      </button>
    </>
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(LAST_SETUP_STORAGE_KEY) ?? 'null') as unknown;

describe('ChatSetupProvider: the initial setup of a new conversation', () => {
  it('starts from the default model spec', () => {
    window.localStorage.setItem(
      LAST_SETUP_STORAGE_KEY,
      JSON.stringify({ endpoint: 'google', model: 'gemini-1.5-pro' }),
    );
    renderWithSetup(null, { startup: startupConfig({ modelSpecs: { list: [specFixture({ default: true })] } }) });
    expect(currentSetup()).toEqual({
      endpoint: 'anthropic',
      endpointType: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      temperature: 0.3,
      spec: 'writer',
    });
  });

  it('otherwise from the last-used setup, when it is still valid', () => {
    window.localStorage.setItem(
      LAST_SETUP_STORAGE_KEY,
      JSON.stringify({ endpoint: 'google', model: 'gemini-1.5-pro', topK: 12 }),
    );
    renderWithSetup(null);
    expect(currentSetup()).toEqual({ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro', topK: 12 });
  });

  it('ignores a stale last-used setup and takes the first endpoint with its default model', () => {
    window.localStorage.setItem(
      LAST_SETUP_STORAGE_KEY,
      JSON.stringify({ endpoint: 'google', model: 'gemini-1.0-pro' }),
    );
    renderWithSetup(null);
    expect(currentSetup()).toEqual({ endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o-mini' });
  });

  it('survives a corrupt stored value', () => {
    window.localStorage.setItem(LAST_SETUP_STORAGE_KEY, '{not json');
    renderWithSetup(null);
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI' });
  });

  it('waits for the model lists before choosing', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch((call) =>
      call.url === '/api/models' ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse({}, 404),
    );
    renderWithSetup(null, { unseeded: ['models'] });
    expect(screen.getByTestId('setup')).toHaveAttribute('data-ready', 'false');
    expect(currentSetup()).toEqual({});
    act(() => answer(jsonResponse(modelsFixture)));
    await waitFor(() => expect(screen.getByTestId('setup')).toHaveAttribute('data-ready', 'true'));
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini' });
  });
});

describe('ChatSetupProvider: an existing conversation', () => {
  const conversation: ChatSetup = {
    endpoint: 'anthropic',
    endpointType: 'anthropic',
    model: 'claude-3-haiku-20240307',
    temperature: 0.2,
  };

  it("uses the conversation's stored setup, not the defaults", () => {
    renderWithSetup(null, {
      initial: conversation,
      startup: startupConfig({ modelSpecs: { list: [specFixture({ default: true })] } }),
    });
    expect(currentSetup()).toEqual(conversation);
    expect(screen.getByTestId('setup')).toHaveAttribute('data-ready', 'true');
  });

  it('adopts the stored setup when it arrives after the first render, and a changed one', () => {
    const view = renderWithSetup(null);
    expect(currentSetup()).toMatchObject({ endpoint: 'openAI' });
    view.rerenderWithInitial(conversation);
    expect(currentSetup()).toEqual(conversation);
    view.rerenderWithInitial({ ...conversation, temperature: 0.9 });
    expect(currentSetup()).toMatchObject({ temperature: 0.9 });
  });

  it('keeps edits when the same stored setup is passed again as a new object', async () => {
    const view = renderWithSetup(<Editor patch={{ topK: 7 }} next={{}} />, { initial: conversation });
    await view.events.click(screen.getByRole('button', { name: 'update' }));
    view.rerenderWithInitial({ ...conversation });
    expect(currentSetup()).toMatchObject({ topK: 7 });
  });
});

describe('ChatSetupProvider: changes', () => {
  it('merges updates, replaces wholesale, and remembers the last-used setup without per-chat flags', async () => {
    const { events } = renderWithSetup(
      <Editor
        patch={{ temperature: 0.4, isTemporary: true }}
        next={{ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro' }}
      />,
    );
    await events.click(screen.getByRole('button', { name: 'update' }));
    expect(currentSetup()).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.4,
      isTemporary: true,
    });
    expect(stored()).toEqual({ endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o-mini', temperature: 0.4 });

    await events.click(screen.getByRole('button', { name: 'replace' }));
    expect(currentSetup()).toEqual({ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro' });
    expect(stored()).toEqual({ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro' });
    expect(JSON.parse(window.localStorage.getItem(LAST_MODEL_STORAGE_KEY) ?? '{}')).toEqual({
      openAI: 'gpt-4o-mini',
      google: 'gemini-1.5-pro',
    });
  });

  it('throws a clear error outside the provider', () => {
    function Orphan() {
      useChatSetup();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useChatSetup must be used inside <ChatSetupProvider>');
  });
});
