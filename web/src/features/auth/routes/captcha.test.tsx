import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnstileConfig } from '@contract/config';
import { fail, mockAuthApi, ok, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';
import { installFakeTurnstile } from '../testing/fake-turnstile';
import { TURNSTILE_SCRIPT_URL } from '../utils/turnstile-script';

const VISIBLE: TurnstileConfig = { siteKey: 'site-key', options: { language: 'auto', size: 'normal' } };
const INVISIBLE: TurnstileConfig = { siteKey: 'site-key', options: { language: 'auto', size: 'invisible' } };
const HINT = 'Complete the human check above to continue.';

const turnstileScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === TURNSTILE_SCRIPT_URL);

afterEach(() => {
  for (const script of turnstileScripts()) script.remove();
});

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email address', {}, PAGE_LOAD), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name', {}, PAGE_LOAD), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'analytical engine');
  await user.type(screen.getByLabelText('Confirm password'), 'analytical engine');
}

describe('/login with Turnstile', () => {
  it('keeps Continue disabled until the widget gives a token, then sends it as turnstileToken', async () => {
    const turnstile = installFakeTurnstile();
    const api = mockAuthApi({
      config: { turnstile: VISIBLE },
      routes: { 'POST /api/auth/login': ok(testSession()) },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await fillLogin(user);
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAccessibleDescription(HINT);

    await user.click(submit);
    expect(api.sent('POST /api/auth/login')).toEqual([]);

    turnstile.solve('human-token');
    expect(submit).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(HINT)).toBeNull();
    await user.click(submit);
    await waitFor(() =>
      expect(api.sent('POST /api/auth/login')).toEqual([
        { email: 'ada@example.com', password: 'correct horse', turnstileToken: 'human-token' },
      ]),
    );
  });

  it('shows the server’s refusal and resets the widget for a fresh token', async () => {
    const turnstile = installFakeTurnstile();
    mockAuthApi({
      config: { turnstile: VISIBLE },
      routes: {
        'POST /api/auth/login': fail(
          403,
          'The captcha expired or was already used. Please complete it again.',
          'captcha_failed',
        ),
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await fillLogin(user);
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    turnstile.solve('spent-token');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't confirm that you're human.");
    expect(alert).toHaveTextContent('The captcha expired or was already used. Please complete it again.');
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('runs an invisible challenge on submit and sends its token', async () => {
    const turnstile = installFakeTurnstile({ executeToken: 'invisible-token' });
    const api = mockAuthApi({
      config: { turnstile: INVISIBLE },
      routes: { 'POST /api/auth/login': ok(testSession()) },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await fillLogin(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText(HINT)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(turnstile.api.execute).toHaveBeenCalledWith('widget-1');
    await waitFor(() =>
      expect(api.sent('POST /api/auth/login')).toEqual([
        { email: 'ada@example.com', password: 'correct horse', turnstileToken: 'invisible-token' },
      ]),
    );
  });

  it('loads no Turnstile script and sends no token when the config has no captcha', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/auth/login': ok(testSession()) } });
    renderApp('/login');
    const user = userEvent.setup();
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.sent('POST /api/auth/login')).toHaveLength(1));
    expect(api.sent('POST /api/auth/login')[0]).not.toHaveProperty('turnstileToken');
    expect(turnstileScripts()).toEqual([]);
  });
});

describe('/register with Turnstile', () => {
  it('sends the token with the registration, and after a refusal shows why and asks for a new one', async () => {
    const turnstile = installFakeTurnstile();
    const api = mockAuthApi({
      config: { turnstile: VISIBLE },
      routes: { 'POST /api/auth/register': fail(403, 'The captcha check failed. Please try again.', 'captcha_failed') },
    });
    renderApp('/register');
    const user = userEvent.setup();
    await fillRegistration(user);
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');

    turnstile.solve('register-token');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('The captcha check failed. Please try again.');
    expect(api.sent('POST /api/auth/register')).toEqual([
      expect.objectContaining({ email: 'ada@example.com', turnstileToken: 'register-token' }),
    ]);
    expect(turnstile.api.reset).toHaveBeenCalledTimes(1);
    expect(submit).toHaveAttribute('aria-disabled', 'true');
  });
});
