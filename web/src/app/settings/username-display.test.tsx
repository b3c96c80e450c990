import { renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountTab } from '@/app/settings/account-tab';
import { mockApi } from '@/features/account/testing/api-mock';
import { useOwnSenderName } from '@/shared/message/own-sender-name';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('account tab: username display', { timeout: 20_000 }, () => {
  it('is on by default; off, the user’s own messages are headed “You”, in this tab and the rest of the app', async () => {
    mockApi({});
    const heading = renderHook(() => useOwnSenderName('Ada Lovelace'));
    expect(heading.result.current).toBe('Ada Lovelace');

    const { events } = renderWithProviders(<AccountTab />, { user: userFixture() });
    const toggle = screen.getByRole('switch', { name: 'Show my name on my messages' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await events.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('UsernameDisplay')).toBe('false');
    expect(heading.result.current).toBe('You');

    toggle.focus();
    await events.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(window.localStorage.getItem('UsernameDisplay')).toBe('true');
    expect(heading.result.current).toBe('Ada Lovelace');
  });

  it('shows a stored choice when it opens', () => {
    mockApi({});
    window.localStorage.setItem('UsernameDisplay', 'false');
    renderWithProviders(<AccountTab />, { user: userFixture() });
    expect(screen.getByRole('switch', { name: 'Show my name on my messages' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
