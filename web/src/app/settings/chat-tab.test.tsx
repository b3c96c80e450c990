import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/account/testing/api-mock';
import { useChatLayout } from '@/shared/preferences/chat-layout';
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

  it('picks the text size from five, stored as LibreChat’s class name', async () => {
    const events = userEvent.setup();
    const elsewhere = renderHook(() => useChatLayout());
    render(<ChatTab />);
    const size = screen.getByRole('combobox', { name: 'Font size' });
    expect(size).toHaveValue('text-base');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Extra small', 'Small', 'Medium', 'Large', 'Extra large']);
    await events.selectOptions(size, 'Large');
    expect(size).toHaveValue('text-lg');
    expect(window.localStorage.getItem('fontSize')).toBe('"text-lg"');
    expect(elsewhere.result.current.fontSize).toBe('text-lg');
  });

  it('shows the page’s direction until one is chosen, then stores the choice', async () => {
    const events = userEvent.setup();
    document.documentElement.dir = 'rtl';
    const view = render(<ChatTab />);
    const direction = screen.getByRole('combobox', { name: 'Chat direction' });
    expect(direction).toHaveValue('RTL');
    expect(window.localStorage.getItem('chatDirection')).toBeNull();
    document.documentElement.removeAttribute('dir');
    view.unmount();

    render(<ChatTab />);
    const fresh = screen.getByRole('combobox', { name: 'Chat direction' });
    expect(fresh).toHaveValue('LTR');
    await events.selectOptions(fresh, 'Right to left');
    expect(fresh).toHaveValue('RTL');
    expect(window.localStorage.getItem('chatDirection')).toBe('"RTL"');
    await events.selectOptions(fresh, 'Left to right');
    expect(window.localStorage.getItem('chatDirection')).toBe('"LTR"');
  });

  it('switches the chat to the full width and back', async () => {
    const events = userEvent.setup();
    const elsewhere = renderHook(() => useChatLayout());
    render(<ChatTab />);
    const maximize = screen.getByRole('switch', { name: 'Maximize chat space' });
    expect(maximize).toHaveAttribute('aria-checked', 'false');
    await events.click(maximize);
    expect(maximize).toHaveAttribute('aria-checked', 'true');
    expect(window.localStorage.getItem('maximizeChatSpace')).toBe('true');
    expect(elsewhere.result.current.maximizeChatSpace).toBe(true);
    await events.click(maximize);
    expect(window.localStorage.getItem('maximizeChatSpace')).toBe('false');
  });

  it('shows stored layout choices when it opens', () => {
    window.localStorage.setItem('fontSize', '"text-xl"');
    window.localStorage.setItem('chatDirection', '"RTL"');
    window.localStorage.setItem('maximizeChatSpace', 'true');
    render(<ChatTab />);
    expect(screen.getByRole('combobox', { name: 'Font size' })).toHaveValue('text-xl');
    expect(screen.getByRole('combobox', { name: 'Chat direction' })).toHaveValue('RTL');
    expect(screen.getByRole('switch', { name: 'Maximize chat space' })).toHaveAttribute('aria-checked', 'true');
  });

  it('is a tab of the settings dialog', async () => {
    mockApi({});
    const { events } = renderWithProviders(<SettingsDialog open onClose={vi.fn()} />, { user: userFixture() });
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await events.click(within(dialog).getByRole('tab', { name: 'Chat' }));
    const panel = within(dialog).getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Chat');
    // Font size and direction; four switches; then the fork settings' select and two switches.
    const selects = within(panel).getAllByRole('combobox');
    expect(selects).toHaveLength(3);
    expect(selects[0]).toBe(within(panel).getByRole('combobox', { name: 'Font size' }));
    expect(selects[1]).toBe(within(panel).getByRole('combobox', { name: 'Chat direction' }));
    expect(within(panel).getAllByRole('switch')).toHaveLength(6);
  });
});
