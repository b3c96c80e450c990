import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { setOnAuthFailure } from './auth-failure';
import { refreshAccessToken, restoreSession } from './refresh-token';
import { getAccessToken, setAccessToken } from './token-store';

const user = { id: 'u1', email: 'ada@example.com' };

describe('restoreSession (the silent refresh on load)', () => {
  afterEach(() => {
    setAccessToken(null);
    setOnAuthFailure(null);
  });

  it('restores the token and user from the cookie', async () => {
    const { calls } = mockFetch(() => jsonResponse({ token: 'restored', user }));
    await expect(restoreSession()).resolves.toEqual({ token: 'restored', user });
    expect(getAccessToken()).toBe('restored');
    expect(calls[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each([
    [
      'a 200 plain-text answer (no cookie)',
      () => new Response('Refresh token not provided', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
    ],
    ['an empty 200', () => new Response('', { status: 200 })],
    ['a 401', () => jsonResponse({ message: 'Invalid refresh token' }, 401)],
    ['a 403', () => jsonResponse({ message: 'Forbidden' }, 403)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('treats %s as nobody signed in, without calling the auth-failure handler', async (_, answer) => {
    setAccessToken('stale');
    const onAuthFailure = vi.fn();
    setOnAuthFailure(onAuthFailure);
    mockFetch(answer);
    await expect(restoreSession()).resolves.toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('shares one request with a concurrent renewal, which still reports its failure once', async () => {
    const onAuthFailure = vi.fn();
    setOnAuthFailure(onAuthFailure);
    const { calls } = mockFetch(
      () => new Promise((resolve) => setTimeout(() => resolve(new Response('', { status: 200 })), 10)),
    );
    const [restored, renewed, renewedAgain] = await Promise.all([
      restoreSession(),
      refreshAccessToken(),
      refreshAccessToken(),
    ]);
    expect([restored, renewed, renewedAgain]).toEqual([null, null, null]);
    expect(calls).toHaveLength(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });
});
