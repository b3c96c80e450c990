import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithSetup } from '../testing/render-setup';
import { useUserKeyStatus } from './use-user-key-status';

function Status({ endpoint }: { endpoint: string | null }) {
  return <p data-testid="status">{JSON.stringify(useUserKeyStatus(endpoint))}</p>;
}

const status = () => JSON.parse(screen.getByTestId('status').textContent ?? '{}') as unknown;

describe('useUserKeyStatus', () => {
  it('needs no key for a system endpoint, and does not ask the server', () => {
    const { calls } = mockFetch(() => jsonResponse({}, 404));
    renderWithSetup(<Status endpoint="openAI" />);
    expect(status()).toEqual({ required: false, isSet: false });
    expect(calls.filter((call) => call.url.startsWith('/api/keys'))).toEqual([]);
  });

  it('reports a missing key as not set', async () => {
    const { calls } = mockFetch(() => jsonResponse({ message: 'Key not found' }, 404));
    renderWithSetup(<Status endpoint="OpenRouter" />);
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/keys?name=OpenRouter'));
    expect(status()).toEqual({ required: true, isSet: false });
  });

  it('reports a stored key with its expiry, and turns it off when it expires', async () => {
    const expiresAt = new Date(Date.now() + 400).toISOString();
    mockFetch(() => jsonResponse({ expiresAt }));
    renderWithSetup(<Status endpoint="OpenRouter" />);
    await waitFor(() => expect(status()).toEqual({ required: true, isSet: true, expiresAt }));
    await waitFor(() => expect(status()).toEqual({ required: true, isSet: false, expiresAt }), { timeout: 2000 });
  });

  it('counts a key without expiry as set', async () => {
    mockFetch(() => jsonResponse({ expiresAt: null }));
    renderWithSetup(<Status endpoint="OpenRouter" />);
    await waitFor(() => expect(status()).toEqual({ required: true, isSet: true }));
  });
});
