import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockAuthApi, ok, PAGE_LOAD } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';

const GENERIC = "If an account with that email exists, we've sent it instructions to reset the password.";

async function requestReset(email = 'ada@example.com') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address', {}, PAGE_LOAD), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/forgot-password', () => {
  it('confirms generically after a request, with a way back to the login', async () => {
    const api = mockAuthApi({
      config: { emailEnabled: true },
      routes: { 'POST /api/auth/requestPasswordReset': ok({ message: 'sent' }) },
    });
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to login' }, PAGE_LOAD)).toHaveAttribute('href', '/login');
    await requestReset();
    expect(await screen.findByText(GENERIC, { exact: false })).toBeInTheDocument();
    expect(api.sent('POST /api/auth/requestPasswordReset')).toEqual([{ email: 'ada@example.com' }]);
  });

  it.each([
    [404, 'User not found'],
    [400, 'No account with that email'],
    [500, 'Database down'],
    [429, 'Too many requests'],
  ])('shows the very same confirmation after a %i, never the reason', async (status, reason) => {
    mockAuthApi({
      config: { emailEnabled: true },
      routes: { 'POST /api/auth/requestPasswordReset': fail(status, reason) },
    });
    renderApp('/forgot-password');
    await requestReset('nobody@example.com');
    expect(await screen.findByText(GENERIC, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(reason, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands over the reset link when the server cannot send email', async () => {
    const link = 'http://localhost:3080/reset-password?token=t1&userId=u1';
    mockAuthApi({ config: { emailEnabled: false }, routes: { 'POST /api/auth/requestPasswordReset': ok({ link }) } });
    renderApp('/forgot-password');
    await requestReset();
    expect(await screen.findByRole('link', { name: 'Click here to reset your password' })).toHaveAttribute(
      'href',
      link,
    );
  });

  it('never follows a link that is not a web URL', async () => {
    mockAuthApi({
      config: { emailEnabled: false },
      routes: { 'POST /api/auth/requestPasswordReset': ok({ link: 'javascript:alert(1)' }) },
    });
    renderApp('/forgot-password');
    await requestReset();
    expect(await screen.findByText(GENERIC, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Click here to reset your password' })).not.toBeInTheDocument();
  });

  it('checks the email before sending', async () => {
    const api = mockAuthApi();
    renderApp('/forgot-password');
    await requestReset('ab');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email must be at least 3 characters');
    expect(api.sent('POST /api/auth/requestPasswordReset')).toEqual([]);
  });
});
