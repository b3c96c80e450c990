import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/account/testing/api-mock';
import { cancelBadgeEditing, useBadgeDraft } from '@/features/chat/badges/badge-layout';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BetaTab } from './beta-tab';
import { SettingsDialog } from './settings-dialog';

describe('settings beta tab', { timeout: 20_000 }, () => {
  it('starts editing the chat badges and closes the settings, so the row is in view', async () => {
    const events = userEvent.setup();
    const onClose = vi.fn();
    const draft = renderHook(() => useBadgeDraft());
    render(<BetaTab onClose={onClose} />);
    expect(draft.result.current).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Edit: Chat badges' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(draft.result.current).toEqual({ order: ['web_search', 'mcp'], removed: [] });
    act(() => cancelBadgeEditing());
  });

  it('is a tab of the settings dialog, after Speech', async () => {
    mockApi({});
    const { events } = renderWithProviders(<SettingsDialog open onClose={vi.fn()} />, { user: userFixture() });
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const names = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names.indexOf('Beta features')).toBe(names.indexOf('Speech') + 1);
    await events.click(within(dialog).getByRole('tab', { name: 'Beta features' }));
    const panel = within(dialog).getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Beta features');
    expect(within(panel).getByRole('button', { name: 'Edit: Chat badges' })).toBeInTheDocument();
  });
});
