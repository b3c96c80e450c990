import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RolePermissions } from '@contract/auth';
import { mockApi } from '@/features/account/testing/api-mock';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { startupConfigFixture } from '@/testing/startup-config';
import { SettingsDialog } from './settings-dialog';

async function openCommandsTab(permissions: RolePermissions) {
  mockApi({});
  const view = renderWithProviders(<SettingsDialog open onClose={vi.fn()} initialTab="commands" />, {
    user: userFixture(),
  });
  view.queryClient.setQueryData(roleQueryOptions('USER').queryKey, { name: 'USER', permissions });
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  expect(within(dialog).getByRole('tab', { name: 'Commands' })).toHaveAttribute('aria-selected', 'true');
  const panel = within(dialog).getByRole('tabpanel');
  await within(panel).findByRole('switch', { name: '@ command' });
  return { ...view, panel };
}

/** Each switch's name, from the row label it points at. */
const switchNames = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('switch')
    .map((element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('settings commands tab', { timeout: 20_000 }, () => {
  it('always offers @; + only with MULTI_CONVO and / only with PROMPTS', async () => {
    const none = await openCommandsTab({ MULTI_CONVO: { USE: false }, PROMPTS: { USE: false } });
    expect(switchNames(none.panel)).toEqual(['@ command']);
    none.unmount();

    const both = await openCommandsTab({ MULTI_CONVO: { USE: true }, PROMPTS: { USE: true } });
    expect(switchNames(both.panel)).toEqual(['@ command', '+ command', '/ command']);
    both.unmount();

    const prompts = await openCommandsTab({ PROMPTS: { USE: true } });
    expect(switchNames(prompts.panel)).toEqual(['@ command', '/ command']);
  });

  it('drops + and / when the interface toggles multiConvo and prompts are off, whatever the role allows', async () => {
    const view = await openCommandsTab({ MULTI_CONVO: { USE: true }, PROMPTS: { USE: true } });
    view.queryClient.setQueryData(startupConfigQueryOptions.queryKey, {
      ...startupConfigFixture,
      interface: { ...startupConfigFixture.interface, multiConvo: false, prompts: false },
    });
    await waitFor(() => expect(switchNames(view.panel)).toEqual(['@ command']));
  });

  it('starts with every command on and stores a change under LibreChat’s key', async () => {
    const { panel, events } = await openCommandsTab({ MULTI_CONVO: { USE: true }, PROMPTS: { USE: true } });
    for (const name of ['@ command', '+ command', '/ command']) {
      expect(within(panel).getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
    }
    await events.click(within(panel).getByRole('switch', { name: '/ command' }));
    expect(within(panel).getByRole('switch', { name: '/ command' })).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('slashCommand')).toBe('false');
    await events.click(within(panel).getByRole('switch', { name: '+ command' }));
    expect(window.localStorage.getItem('plusCommand')).toBe('false');
    await events.click(within(panel).getByRole('switch', { name: '@ command' }));
    expect(window.localStorage.getItem('atCommand')).toBe('false');
  });
});
