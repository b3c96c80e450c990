import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '@/lib/api/token-store';
import { fail, mockAuthApi, ok, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';
import { assignLocation } from '../utils/location';

vi.mock('../utils/location', () => ({ assignLocation: vi.fn() }));

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function signIn(email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address', {}, PAGE_LOAD), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/login', () => {
  beforeEach(() => vi.mocked(assignLocation).mockClear());

  it('signs in: the token is kept in memory and the user lands on /c/new', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/auth/login': ok(testSession({ token: 'fresh-token' })) } });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), PAGE_LOAD);
    expect(getAccessToken()).toBe('fresh-token');
    expect(api.sent('POST /api/auth/login')).toEqual([{ email: 'ada@example.com', password: 'correct horse' }]);
    // Never persisted: the chat page may remember its setup, but no stored value holds the token.
    const stored = [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    );
    expect(stored.filter((entry) => entry.includes('fresh-token'))).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  it('follows an in-app redirect target, and refuses one on another origin', async () => {
    mockAuthApi({ routes: { 'POST /api/auth/login': ok(testSession()) } });
    const first = renderApp('/login?redirect=%2Fsearch');
    await signIn();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/search'));
    first.unmount();

    mockAuthApi({ routes: { 'POST /api/auth/login': ok(testSession()) } });
    const second = renderApp('/login?redirect=https%3A%2F%2Fevil.example%2Fphish');
    await signIn();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/c/new'), PAGE_LOAD);
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('loads a same-origin absolute redirect target in full', async () => {
    mockAuthApi({ routes: { 'POST /api/auth/login': ok(testSession()) } });
    const target = `${window.location.origin}/c/abc`;
    renderApp(`/login?redirect=${encodeURIComponent(target)}`);
    await signIn();
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith(target));
  });

  it('goes to the 2FA step with the temporary token when two-factor is on', async () => {
    mockAuthApi({ routes: { 'POST /api/auth/login': ok({ twoFAPending: true, tempToken: 'temp-123' }) } });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(where(router)).toBe('/login/2fa?tempToken=temp-123'));
    expect(await screen.findByRole('heading', { name: 'Verify Your Identity' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it.each([
    [429, 'Too many login attempts in a short amount of time. Please try again later.'],
    [403, 'Your account has been temporarily banned due to violations of our service.'],
    [500, 'There was an internal server error. Please wait a few moments and try again.'],
    [401, 'Unable to sign in with the information provided. Please check your credentials and try again.'],
  ])('explains a %i refusal', async (status, text) => {
    mockAuthApi({ routes: { 'POST /api/auth/login': fail(status, 'Server words') } });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Server words');
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
  });

  it('offers to resend the verification email after a 422', async () => {
    const api = mockAuthApi({
      routes: { 'POST /api/auth/login': fail(422, 'Email not verified'), 'POST /api/user/verify/resend': ok() },
    });
    renderApp('/login');
    await signIn('new@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has not been verified yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Verification email sent. Please check your inbox.')).toBeInTheDocument();
    expect(api.sent('POST /api/user/verify/resend')).toEqual([{ email: 'new@example.com' }]);
  });

  it('checks the fields before sending anything', async () => {
    const api = mockAuthApi();
    renderApp('/login');
    await signIn('not-an-email', 'short');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('You must enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    // Focus goes to the first wrong field, and the failed submit is announced.
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('2 fields need correcting before you can continue.');
    expect(api.sent('POST /api/auth/login')).toEqual([]);
  });

  it('shows the forgot-password link only when password reset is enabled', async () => {
    mockAuthApi({ config: { passwordResetEnabled: false } });
    const first = renderApp('/login');
    await screen.findByLabelText('Email address', {}, PAGE_LOAD);
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    first.unmount();

    mockAuthApi({ config: { passwordResetEnabled: true } });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the sign-up link and the email form only when enabled', async () => {
    mockAuthApi({ config: { registrationEnabled: false, emailLoginEnabled: false } });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(document.title).toBe('Test Chat'));
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('lists only the enabled social logins, in the configured order, under an "Or" divider', async () => {
    mockAuthApi({
      config: {
        socialLoginEnabled: true,
        socialLogins: ['discord', 'google', 'github', 'openid'],
        discordLoginEnabled: true,
        googleLoginEnabled: false,
        githubLoginEnabled: true,
        openidLoginEnabled: true,
        openidLabel: 'Company SSO',
        serverDomain: 'https://chat.example',
      },
    });
    renderApp('/login');
    const links = await screen.findAllByRole('link', { name: /continue with|company sso/i });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Continue with Discord', 'https://chat.example/oauth/discord'],
      ['Continue with GitHub', 'https://chat.example/oauth/github'],
      ['Company SSO', 'https://chat.example/oauth/openid'],
    ]);
    expect(screen.getByText('Or')).toBeInTheDocument();
  });

  it('shows no social logins when social login is off, whatever the providers say', async () => {
    mockAuthApi({ config: { socialLoginEnabled: false, socialLogins: ['github'], githubLoginEnabled: true } });
    renderApp('/login');
    await screen.findByLabelText('Email address', {}, PAGE_LOAD);
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
    expect(screen.queryByText('Or')).not.toBeInTheDocument();
  });

  const autoRedirect = { openidLoginEnabled: true, openidAutoRedirect: true, serverDomain: 'https://chat.example' };

  it('redirects to the OpenID provider when auto-redirect is configured', async () => {
    mockAuthApi({ config: autoRedirect });
    renderApp('/login');
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://chat.example/oauth/openid'));
  });

  it('stays on the login page with ?redirect=false, remembers it and drops the parameter', async () => {
    mockAuthApi({ config: autoRedirect });
    const { router } = renderApp('/login?redirect=false');
    await screen.findByLabelText('Email address', {}, PAGE_LOAD);
    await waitFor(() => expect(where(router)).toBe('/login'));
    expect(localStorage.getItem('disableOpenIdAutoRedirect')).toBe('true');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('explains a failed social login and does not auto-redirect straight back', async () => {
    mockAuthApi({ config: autoRedirect });
    const { router } = renderApp('/login?error=oauth_state_mismatch');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Authentication failed. Please check your login method and try again.',
    );
    await screen.findByLabelText('Email address');
    expect(assignLocation).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe('?error=oauth_state_mismatch');
  });

  it.each([
    ['oauth_rate_limited', 'Too many login attempts in a short amount of time.'],
    [
      'oauth_registration_disabled',
      "There is no account for this sign-in yet, and new accounts can't be created this way.",
    ],
  ])('explains ?error=%s', async (code, text) => {
    mockAuthApi();
    renderApp(`/login?error=${code}`);
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(text);
  });

  it('sends a signed-in visitor on to /c/new', async () => {
    mockAuthApi({ session: testSession() });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), PAGE_LOAD);
  });
});
