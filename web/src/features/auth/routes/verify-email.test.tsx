import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockAuthApi, ok, PAGE_LOAD } from '@/shared/auth/testing/auth-api-mock';
import { renderApp } from '@/testing/render-app';
import { advanceCountdown, useCountdownClock } from '../testing/countdown-clock';

describe('/verify', () => {
  beforeEach(() => useCountdownClock());
  afterEach(() => vi.useRealTimers());

  it('verifies once, then counts down three seconds to /c/new', async () => {
    const api = mockAuthApi({ routes: { 'POST /api/user/verify': ok() } });
    const { router } = renderApp('/verify?token=tok-1&email=ada%40example.com');
    expect(await screen.findByText('Your email has been verified.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Redirecting in 3 seconds...')).toBeInTheDocument();
    expect(api.sent('POST /api/user/verify')).toEqual([{ email: 'ada@example.com', token: 'tok-1' }]);

    await advanceCountdown(2000);
    expect(screen.getByText('Redirecting in 1 second...')).toBeInTheDocument();
    await advanceCountdown(1000);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/verify'));
    expect(api.sent('POST /api/user/verify')).toHaveLength(1);
  });

  it('reports a failure, offers a resend after the countdown, and counts down again once resent', async () => {
    const api = mockAuthApi({
      routes: { 'POST /api/user/verify': fail(400, 'Invalid token'), 'POST /api/user/verify/resend': ok() },
    });
    const { router } = renderApp('/verify?token=bad&email=ada%40example.com');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent('Email verification failed.');
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();

    await advanceCountdown(3000);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Verification email sent. Please check your inbox.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting in 3 seconds...')).toBeInTheDocument();
    expect(api.sent('POST /api/user/verify/resend')).toEqual([{ email: 'ada@example.com' }]);

    await advanceCountdown(3000);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/verify'));
  });

  it('says the token is missing when the link has only the email, and still offers a resend', async () => {
    const api = mockAuthApi();
    renderApp('/verify?email=ada%40example.com');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Verification failed: the link is missing its token.',
    );
    await advanceCountdown(3000);
    expect(await screen.findByRole('button', { name: 'Resend email' })).toBeInTheDocument();
    expect(api.sent('POST /api/user/verify')).toEqual([]);
  });

  it('calls a link without an email invalid, with nothing to resend', async () => {
    const api = mockAuthApi();
    renderApp('/verify?token=tok-1');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'This email verification link is invalid.',
    );
    await advanceCountdown(3000);
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
    expect(api.sent('POST /api/user/verify')).toEqual([]);
  });
});
