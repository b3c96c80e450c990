import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { InterfaceConfig } from '@contract/config';
import { createQueryClient } from '@/lib/react-query';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { startupConfigFixture } from '@/testing/startup-config';
import { mockPresetsApi } from '../testing/presets-api-mock';
import { presetFixture } from '../testing/presets-fixtures';
import { useDefaultPreset } from './use-default-preset';

function renderDefaultPreset(interfaceConfig: InterfaceConfig | null) {
  const queryClient = createQueryClient();
  if (interfaceConfig)
    queryClient.setQueryData(startupConfigQueryOptions.queryKey, {
      ...startupConfigFixture,
      interface: interfaceConfig,
    });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDefaultPreset(), { wrapper });
}

describe('useDefaultPreset', () => {
  it('is pending until the presets arrive, then answers the default one', async () => {
    const chosen = presetFixture({ title: 'Chosen', defaultPreset: true, order: 0 });
    mockPresetsApi([chosen, presetFixture({ title: 'Other' })]);
    const { result } = renderDefaultPreset({});
    expect(result.current).toEqual({ defaultPreset: null, isPending: true });
    await waitFor(() => expect(result.current).toEqual({ defaultPreset: chosen, isPending: false }));
  });

  it('answers null when no preset is the default', async () => {
    mockPresetsApi([presetFixture()]);
    const { result } = renderDefaultPreset({});
    await waitFor(() => expect(result.current).toEqual({ defaultPreset: null, isPending: false }));
  });

  it('answers null at once, without asking, when presets are turned off', () => {
    const api = mockPresetsApi([presetFixture({ defaultPreset: true })]);
    const { result } = renderDefaultPreset({ presets: false });
    expect(result.current).toEqual({ defaultPreset: null, isPending: false });
    expect(api.calls).toEqual([]);
  });

  it('waits for the startup config before deciding', async () => {
    const chosen = presetFixture({ defaultPreset: true });
    mockFetch((call) =>
      call.url === '/api/config' ? jsonResponse({ ...startupConfigFixture, interface: {} }) : jsonResponse([chosen]),
    );
    const { result } = renderDefaultPreset(null);
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current).toEqual({ defaultPreset: chosen, isPending: false }));
  });

  it('a failed load means no default, so a new chat is not held up', async () => {
    mockFetch(() => jsonResponse({ message: 'Nope' }, 403));
    const { result } = renderDefaultPreset({});
    await waitFor(() => expect(result.current).toEqual({ defaultPreset: null, isPending: false }));
  });
});
