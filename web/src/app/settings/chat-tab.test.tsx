import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/account/testing/api-mock';
import { cancelBadgeEditing, useBadgeDraft } from '@/features/chat/badges/badge-layout';
import { useChatPreferences } from '@/shared/preferences/chat-preferences';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ChatTab } from './chat-tab';
import { SettingsDialog } from './settings-dialog';

describe('settings chat tab', { timeout: 20_000 }, () => {
  it('shows each preference as a labelled switch with the defaults', () => {
    render(<ChatTab />);
    expect(screen.getByRole('switch', { name: 'Press Enter to send messages' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Open thinking sections by default' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('switch', { name: 'Save drafts locally' })).toHaveAttribute('aria-checked', 'true');
  });

  it('toggles a preference by click or keyboard, stores it and tells the rest of the app', async () => {
    const events = userEvent.setup();
    const elsewhere = renderHook(() => useChatPreferences());
    render(<ChatTab />);

    const enterToSend = screen.getByRole('switch', { name: 'Press Enter to send messages' });
    await events.click(enterToSend);
    expect(enterToSend).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('enterToSend')).toBe('false');
    expect(elsewhere.result.current.enterToSend).toBe(false);

    const thinking = screen.getByRole('switch', { name: 'Open thinking sections by default' });
    thinking.focus();
    await events.keyboard(' ');
    expect(thinking).toHaveAttribute('aria-checked', 'true');
    expect(elsewhere.result.current.showThinking).toBe(true);

    const drafts = screen.getByRole('switch', { name: 'Save drafts locally' });
    await events.click(drafts);
    expect(window.localStorage.getItem('saveDrafts')).toBe('false');
    expect(elsewhere.result.current.saveDrafts).toBe(false);
  });

  it('shows stored choices when it opens', () => {
    window.localStorage.setItem('enterToSend', 'false');
    render(<ChatTab />);
    expect(screen.getByRole('switch', { name: 'Press Enter to send messages' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('starts editing the chat badges and closes the settings, so the row is in view', async () => {
    const events = userEvent.setup();
    const onClose = vi.fn();
    const draft = renderHook(() => useBadgeDraft());
    render(<ChatTab onClose={onClose} />);
    expect(draft.result.current).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Edit: Chat badges' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(draft.result.current).toEqual({ order: ['web_search', 'mcp'], removed: [] });
    act(() => cancelBadgeEditing());
  });

  it('is a tab of the settings dialog', async () => {
    mockApi({});
    const { events } = renderWithProviders(<SettingsDialog open onClose={vi.fn()} />, { user: userFixture() });
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await events.click(within(dialog).getByRole('tab', { name: 'Chat' }));
    const panel = within(dialog).getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Chat');
    // Three preferences, then the fork settings' two switches (and its default-option select).
    expect(within(panel).getAllByRole('switch')).toHaveLength(5);
    expect(within(panel).getByRole('combobox')).toBeInTheDocument();
  });
});
