import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Banner } from '@contract/config';
import { mockAuthApi, PAGE_LOAD } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const banner = (overrides: Partial<Banner> = {}): Banner => ({
  bannerId: 'b1',
  message: '<b>Maintenance</b> tonight. <a href="/about">Details</a>',
  displayFrom: '2025-01-01T00:00:00.000Z',
  displayTo: null,
  isPublic: true,
  ...overrides,
});

const withBanner = (value: Banner | null) => mockAuthApi({ routes: { 'GET /api/banner': () => jsonResponse(value) } });
const region = () => screen.findByRole('region', { name: 'Announcement' }, PAGE_LOAD);

describe('banner on the auth pages', () => {
  it('renders the admin HTML without scripts, event handlers or javascript: links', async () => {
    withBanner(
      banner({
        message:
          '<b>Hello</b><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>' +
          '<a href="javascript:alert(1)" onclick="alert(2)">click</a><svg><animate onbegin="alert(3)" /></svg>',
      }),
    );
    renderApp('/login');
    const shown = await region();
    await waitFor(() => expect(shown.querySelector('b')).toHaveTextContent('Hello'));

    expect(shown.querySelector('script')).toBeNull();
    expect(shown.innerHTML).not.toMatch(/onerror|onclick|onbegin|javascript:/i);
    expect(shown.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('keeps safe markup and links', async () => {
    withBanner(banner());
    renderApp('/login');
    const shown = await region();
    expect(await screen.findByRole('link', { name: 'Details' })).toHaveAttribute('href', '/about');
    expect(shown).toHaveTextContent('Maintenance tonight.');
  });

  it('stays closed once dismissed, across visits, until another banner comes', async () => {
    withBanner(banner());
    const first = renderApp('/login');
    await region();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('hideBannerHint') ?? '[]')).toEqual(['b1']);
    first.unmount();

    withBanner(banner());
    const second = renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' }, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Test Chat'));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    second.unmount();

    withBanner(banner({ bannerId: 'b2', message: 'Something new' }));
    renderApp('/login');
    expect(await region()).toHaveTextContent('Something new');
  });

  it('shows nothing when there is no banner', async () => {
    const api = withBanner(null);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/api/banner')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  });
});
