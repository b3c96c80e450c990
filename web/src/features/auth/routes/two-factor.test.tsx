import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockAuthApi, ok, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';
import { assignLocation } from '../utils/location';

vi.mock('../utils/location', () => ({ assignLocation: vi.fn() }));

describe('/login/2fa', () => {
  beforeEach(() => vi.mocked(assignLocation).mockClear());

  it('takes a 6-digit code, sends it with the temporary token and reloads the app at /', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/auth/2fa/verify-temp': ok(testSession()) } });
    renderApp('/login/2fa?tempToken=temp-1');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Authentication code', {}, PAGE_LOAD);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.type(input, '5678');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(api.sent('POST /api/auth/2fa/verify-temp')).toEqual([{ tempToken: 'temp-1', token: '123456' }]);
  });

  it('switches to an 8-character backup code and back', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/auth/2fa/verify-temp': ok(testSession()) } });
    renderApp('/login/2fa?tempToken=temp-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code', {}, PAGE_LOAD), '123');

    await user.click(screen.getByRole('button', { name: 'Use Backup Code Instead' }));
    const backup = screen.getByLabelText('Backup code');
    expect(backup).toHaveValue('');
    expect(backup).toHaveAttribute('maxlength', '8');
    await user.type(backup, 'abcd1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(api.sent('POST /api/auth/2fa/verify-temp')).toEqual([{ tempToken: 'temp-1', backupCode: 'abcd1234' }]);

    await user.click(screen.getByRole('button', { name: 'Use 2FA Code Instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it("shows the server's message when the code is refused", async () => {
    mockAuthApi({ routes: { 'POST /api/auth/2fa/verify-temp': fail(401, 'Invalid 2FA code') } });
    renderApp('/login/2fa?tempToken=temp-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code', {}, PAGE_LOAD), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid 2FA code');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it("falls back to 'Error verifying 2FA' when the server says nothing useful", async () => {
    mockAuthApi({
      routes: { 'POST /api/auth/2fa/verify-temp': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    renderApp('/login/2fa?tempToken=temp-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code', {}, PAGE_LOAD), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error verifying 2FA');
  });

  it('has no social logins and says so when the temporary token is missing', async () => {
    mockAuthApi({ config: { socialLoginEnabled: true, socialLogins: ['github'], githubLoginEnabled: true } });
    renderApp('/login/2fa');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in step is incomplete or has expired.');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
  });
});
