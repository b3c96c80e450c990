import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockAuthApi, ok, PAGE_LOAD } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';

async function choosePassword(password = 'a brand new one', confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password', {}, PAGE_LOAD), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/reset-password', () => {
  it('sets the password and offers to continue to the login', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/auth/resetPassword': ok() } });
    renderApp('/reset-password?token=tok-1&userId=user-1');
    await choosePassword();
    expect(
      await screen.findByText('Your password has been reset. You can now log in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/login');
    expect(api.sent('POST /api/auth/resetPassword')).toEqual([
      { token: 'tok-1', userId: 'user-1', password: 'a brand new one', confirm_password: 'a brand new one' },
    ]);
  });

  it('says the link is no longer valid and links to a new request', async () => {
    mockAuthApi({ routes: { 'POST /api/auth/resetPassword': fail(400, 'Invalid or expired password reset token') } });
    renderApp('/reset-password?token=old&userId=user-1');
    await choosePassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is no longer valid.');
    expect(screen.getByRole('link', { name: 'Click here to try again' })).toHaveAttribute('href', '/forgot-password');
  });

  it.each([
    ['/reset-password?userId=user-1', 'Unable to process: No valid reset token'],
    ['/reset-password?token=tok-1', 'Unable to process: No valid user id'],
  ])('refuses %s without calling the server', async (path, message) => {
    const api = mockAuthApi();
    renderApp(path);
    await choosePassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.sent('POST /api/auth/resetPassword')).toEqual([]);
  });

  it('asks for a matching confirmation', async () => {
    const api = mockAuthApi();
    renderApp('/reset-password?token=tok-1&userId=user-1');
    await choosePassword('a brand new one', 'a brand new two');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(api.sent('POST /api/auth/resetPassword')).toEqual([]);
  });
});
