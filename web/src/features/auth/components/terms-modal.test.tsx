import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/api/token-store';
import { fail, mockAuthApi, ok, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const termsConfig = {
  interface: {
    termsOfService: {
      modalAcceptance: true,
      modalTitle: 'Our Terms',
      modalContent: 'Be kind.\n\n<strong>No spam.</strong><img src=x onerror="window.__pwned = true">',
    },
  },
};

function mockTerms(
  routes: Parameters<typeof mockAuthApi>[0] extends infer O ? (O extends { routes?: infer R } ? R : never) : never,
) {
  return mockAuthApi({
    session: testSession(),
    config: termsConfig,
    routes: { 'GET /api/user/terms': () => jsonResponse({ termsAccepted: false }), ...routes },
  });
}

describe('terms modal', () => {
  it('asks a user who has not accepted, without any way to close it, and records the acceptance', async () => {
    const api = mockTerms({ 'POST /api/user/terms/accept': ok({ message: 'Terms accepted' }) });
    renderApp('/c/new');
    const dialog = await screen.findByRole('dialog', { name: 'Our Terms' }, PAGE_LOAD);
    await waitFor(() => expect(within(dialog).getByText('No spam.')).toBeInTheDocument());
    expect(dialog.innerHTML).not.toMatch(/onerror/);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['I do not accept', 'I accept']);

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/api/user/terms/accept')).toHaveLength(1);
    expect(await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('links the full privacy policy and terms: the app’s own pages in a new tab, or the configured ones', async () => {
    mockTerms({});
    renderApp('/c/new');
    const dialog = await screen.findByRole('dialog', { name: 'Our Terms' }, PAGE_LOAD);
    const terms = within(dialog).getByRole('link', { name: 'Terms of service' });
    expect(terms).toHaveAttribute('href', '/terms-of-service');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('says so when accepting fails, and stays open', async () => {
    mockTerms({ 'POST /api/user/terms/accept': fail(500, 'boom') });
    renderApp('/c/new');
    const dialog = await screen.findByRole('dialog', {}, PAGE_LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to accept terms');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('signs out on decline and lands on the login page with the OpenID auto-redirect off', async () => {
    const api = mockTerms({ 'POST /api/auth/logout': ok({ message: 'Logged out' }) });
    const { router } = renderApp('/c/new');
    const dialog = await screen.findByRole('dialog', {}, PAGE_LOAD);
    expect(getAccessToken()).toBe('access-1');

    await userEvent.click(within(dialog).getByRole('button', { name: 'I do not accept' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, PAGE_LOAD)).toBeInTheDocument();
    expect(api.callsTo('/api/auth/logout')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('disableOpenIdAutoRedirect')).toBe('true');
    // The flag is remembered and the parameter removed.
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login'));
    // Signed out, nothing asks for the terms again (a 401 there would race the redirect).
    expect(api.callsTo('/api/user/terms')).toHaveLength(1);
  });

  it('is not shown, nor asked about, when modal acceptance is off', async () => {
    const api = mockAuthApi({
      session: testSession(),
      routes: { 'GET /api/user/terms': () => jsonResponse({ termsAccepted: false }) },
    });
    renderApp('/c/new');
    expect(await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/user/terms')).toHaveLength(0);
  });

  it('is not shown to a user who already accepted', async () => {
    mockAuthApi({ session: testSession(), config: termsConfig });
    renderApp('/c/new');
    expect(await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
