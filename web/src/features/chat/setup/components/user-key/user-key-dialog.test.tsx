import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpointsFixture } from '@/testing/chat-setup-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { endpointOptions } from '../../lib/endpoint-options';
import { renderWithSetup } from '../../testing/render-setup';
import { UserKeyDialog } from './user-key-dialog';

const DAY_MS = 24 * 60 * 60 * 1000;

const endpoint = (name: string) => {
  const found = endpointOptions({
    ...endpointsFixture,
    bedrock: { order: 9, userProvide: true, userProvideURL: false },
  }).find((option) => option.name === name);
  if (!found) throw new Error(`no endpoint ${name}`);
  return found;
};

/** A small key store behind /api/keys, as the worker answers it. */
function mockKeys(initial: Record<string, string | null> = {}) {
  const keys = new Map(Object.entries(initial));
  const { calls } = mockFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://app.test');
    if (call.method === 'GET' && url.pathname === '/api/keys') {
      const name = url.searchParams.get('name') ?? '';
      return keys.has(name)
        ? jsonResponse({ expiresAt: keys.get(name) })
        : jsonResponse({ message: 'Key not found' }, 404);
    }
    if (call.method === 'PUT' && url.pathname === '/api/keys') {
      const body = JSON.parse(call.body ?? '{}') as { name: string; expiresAt: string | null };
      keys.set(body.name, body.expiresAt);
      return new Response(null, { status: 201 });
    }
    if (call.method === 'DELETE' && url.pathname.startsWith('/api/keys/')) {
      keys.delete(decodeURIComponent(url.pathname.slice('/api/keys/'.length)));
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return { calls, keys };
}

// User-event typing in a dialog: slower than unit tests on a busy machine.
describe('UserKeyDialog', { timeout: 20_000 }, () => {
  it('sets a key and base URL with the chosen expiry, then closes', async () => {
    const { calls } = mockKeys();
    const onClose = vi.fn();
    const { events } = renderWithSetup(<UserKeyDialog endpoint={endpoint('OpenRouter')} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Set API key for OpenRouter' });
    expect(await within(dialog).findByText('No key set')).toBeInTheDocument();

    await events.type(within(dialog).getByLabelText('API key'), 'sk-or-123');
    await events.type(within(dialog).getByLabelText('Base URL'), 'https://openrouter.ai/api/v1');
    await events.selectOptions(within(dialog).getByLabelText('Expires in'), '7d');
    const before = Date.now();
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const put = calls.find((call) => call.method === 'PUT');
    const body = JSON.parse(put?.body ?? '{}') as { name: string; value: string; expiresAt: string };
    expect(put?.url).toBe('/api/keys');
    expect(body.name).toBe('OpenRouter');
    expect(JSON.parse(body.value)).toEqual({ apiKey: 'sk-or-123', baseURL: 'https://openrouter.ai/api/v1' });
    const expires = Date.parse(body.expiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
  });

  it('sends null for a key that never expires, and the key itself when it is the only value', async () => {
    const { calls } = mockKeys();
    const onClose = vi.fn();
    const openAI = { ...endpoint('openAI'), userProvide: true };
    const { events } = renderWithSetup(<UserKeyDialog endpoint={openAI} open onClose={onClose} />);
    await events.type(screen.getByLabelText('API key'), 'sk-1');
    await events.selectOptions(screen.getByLabelText('Expires in'), 'never');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')?.body ?? '{}')).toEqual({
      name: 'openAI',
      value: 'sk-1',
      expiresAt: null,
    });
  });

  it('refuses to save blank fields or a base URL that is not a web address', async () => {
    const { calls } = mockKeys();
    const { events } = renderWithSetup(<UserKeyDialog endpoint={endpoint('OpenRouter')} open onClose={vi.fn()} />);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Base URL')).toHaveAccessibleDescription(
      'Enter a web address starting with https:// or http://',
    );
    await events.type(screen.getByLabelText('Base URL'), 'https://x.test');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription('This field is required');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('asks Bedrock users for their AWS credentials, the session token being optional', async () => {
    const { calls } = mockKeys();
    const onClose = vi.fn();
    const { events } = renderWithSetup(<UserKeyDialog endpoint={endpoint('bedrock')} open onClose={onClose} />);
    await events.type(screen.getByLabelText('AWS access key ID'), 'AKIA1');
    await events.type(screen.getByLabelText('AWS secret access key'), 'secret');
    expect(screen.getByLabelText('AWS session token (optional)')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = JSON.parse(calls.find((call) => call.method === 'PUT')?.body ?? '{}') as { value: string };
    expect(JSON.parse(body.value)).toEqual({ accessKeyId: 'AKIA1', secretAccessKey: 'secret' });
  });

  it('shows a set key with its expiry and revokes it', async () => {
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const { calls, keys } = mockKeys({ OpenRouter: expiresAt });
    const { events } = renderWithSetup(<UserKeyDialog endpoint={endpoint('OpenRouter')} open onClose={vi.fn()} />);
    expect(await screen.findByText(/^Key set, expires /)).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('No key set')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/keys/OpenRouter');
    expect(keys.has('OpenRouter')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Revoke key' })).not.toBeInTheDocument();
  });

  it('says a key never expires when it has no expiry', async () => {
    mockKeys({ OpenRouter: null });
    renderWithSetup(<UserKeyDialog endpoint={endpoint('OpenRouter')} open onClose={vi.fn()} />);
    expect(await screen.findByText('Key set, never expires')).toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse({ message: 'CREDS_KEY is not configured' }, 500)
        : jsonResponse({ message: 'Key not found' }, 404),
    );
    const onClose = vi.fn();
    const { events } = renderWithSetup(
      <UserKeyDialog endpoint={{ ...endpoint('openAI'), userProvide: true }} open onClose={onClose} />,
    );
    await events.type(screen.getByLabelText('API key'), 'sk-1');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('CREDS_KEY is not configured');
    expect(onClose).not.toHaveBeenCalled();
  });
});
