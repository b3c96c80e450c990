import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/account/testing/api-mock';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SettingsDialog } from './settings-dialog';

// User-event flows through several dialogs: slower than unit tests on a busy machine.
describe('settings dialog', { timeout: 20_000 }, () => {
  it('is a labelled modal whose tabs switch with the arrow keys', async () => {
    mockApi({});
    const { events } = renderWithProviders(<SettingsDialog open onClose={vi.fn()} />, { user: userFixture() });
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const general = within(dialog).getByRole('tab', { name: 'General' });
    expect(within(dialog).getByRole('tabpanel')).toHaveAccessibleName('General');

    general.focus();
    await events.keyboard('{ArrowDown}');
    const account = within(dialog).getByRole('tab', { name: 'Account' });
    expect(account).toHaveFocus();
    expect(account).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Ada@Example.com');
  });

  it('keeps Tab inside the dialog and closes on Escape', async () => {
    mockApi({});
    const onClose = vi.fn();
    const { events } = renderWithProviders(<SettingsDialog open onClose={onClose} />, { user: userFixture() });
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    for (let press = 0; press < 8; press += 1) {
      await events.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await events.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('changes the theme and offers auto-detect plus every language in its own name', async () => {
    mockApi({});
    const { events } = renderWithProviders(<SettingsDialog open onClose={vi.fn()} />, { user: userFixture() });
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    expect(theme).toHaveValue('system');
    await events.selectOptions(theme, 'light');
    expect(theme).toHaveValue('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('color-theme')).toBe('light');

    const language = screen.getByRole('combobox', { name: 'Language' });
    const options = within(language).getAllByRole('option');
    // Auto, then the 26 languages, each named in itself and marked as written in it.
    expect(options).toHaveLength(27);
    expect(options.slice(0, 4).map((option) => option.textContent)).toEqual([
      'Auto detect',
      'English',
      '简体中文',
      '繁體中文',
    ]);
    expect(options.find((option) => option.getAttribute('value') === 'ar-EG')).toHaveAttribute('lang', 'ar-EG');
    expect(options.find((option) => option.getAttribute('value') === 'ar-EG')).toHaveTextContent('العربية');
    await events.selectOptions(language, 'en-US');
    expect(document.cookie).toContain('lang=en-US');
  });
});
