import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '@/lib/api/token-store';
import { fail, mockAuthApi, ok, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';
import { advanceCountdown, useCountdownClock } from '../testing/countdown-clock';

const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine' };

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<typeof VALID & { confirm: string }> = {},
) {
  const { name, email, password, confirm } = { ...VALID, confirm: VALID.password, ...values };
  await user.type(await screen.findByLabelText('Full name', {}, PAGE_LOAD), name);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('/register', () => {
  afterEach(() => vi.useRealTimers());

  it('checks each field as it changes and marks submit disabled while any is wrong', async () => {
    mockAuthApi();
    renderApp('/register');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Continue' }, PAGE_LOAD);

    await user.type(screen.getByLabelText('Full name'), 'Al');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByLabelText('Full name'), 'an');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(submit).not.toHaveAttribute('aria-disabled');

    await user.type(screen.getByLabelText('Email address'), 'ada@');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('You must enter a valid email address');
    await user.type(screen.getByLabelText('Email address'), 'example.com');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('');

    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
  });

  it('on a submit with errors, focuses the first invalid field and announces them, the button staying focusable', async () => {
    const api = mockAuthApi();
    renderApp('/register');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Continue' }, PAGE_LOAD);

    // Nothing filled in: name, email and password are wrong; the first one takes the focus.
    await user.click(submit);
    const name = screen.getByLabelText('Full name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('3 fields need correcting before you can continue.');

    // One wrong field further down: focus goes there, not to the page.
    await fillIn(user, { email: 'ada@' });
    submit.focus();
    await user.keyboard('{Enter}');
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('You must enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('1 field needs correcting before you can continue.');
    expect(submit).not.toBeDisabled();
    expect(document.activeElement).not.toBe(document.body);
    expect(api.sent('POST /api/auth/register')).toEqual([]);
  });

  it('says when the passwords do not match', async () => {
    const api = mockAuthApi();
    renderApp('/register');
    const user = userEvent.setup();
    await fillIn(user, { confirm: 'analytical engines' });
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByLabelText('Password'), 's');
    expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    expect(api.sent('POST /api/auth/register')).toEqual([]);
  });

  it('registers, counts down three seconds, then signs in and goes to /c/new', async () => {
    useCountdownClock();
    const api = mockAuthApi({ routes: { 'POST /api/auth/register': ok(testSession({ token: 'new-token' })) } });
    const { router } = renderApp('/register?token=invite-7');
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Registration successful.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting in 3 seconds...')).toBeInTheDocument();
    expect(api.sent('POST /api/auth/register')).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'analytical engine',
        confirm_password: 'analytical engine',
        token: 'invite-7',
      },
    ]);

    await advanceCountdown(1000);
    expect(screen.getByText('Redirecting in 2 seconds...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(getAccessToken()).toBeNull();

    await advanceCountdown(2000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), PAGE_LOAD);
    expect(getAccessToken()).toBe('new-token');
  });

  it('shows the verification instructions and stays when the email must be verified first', async () => {
    useCountdownClock();
    mockAuthApi({ routes: { 'POST /api/auth/register': ok({ message: 'Check your inbox to verify your email.' }) } });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Check your inbox to verify your email.')).toBeInTheDocument();
    await advanceCountdown(5000);
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.queryByText(/Redirecting/)).not.toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it("prefixes the server's reason with the create error", async () => {
    mockAuthApi({ routes: { 'POST /api/auth/register': fail(409, 'Email already in use') } });
    renderApp('/register');
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error creating your account. Please try again. Email already in use',
    );
  });
});
