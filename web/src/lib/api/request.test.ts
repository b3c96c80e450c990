import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { ApiError } from './api-error';
import { setOnAuthFailure } from './auth-failure';
import { request } from './request';
import { getAccessToken, setAccessToken } from './token-store';

const unauthorized = () => jsonResponse({ message: 'Unauthorized' }, 401);

/** Resolves after real time passes, so concurrent calls genuinely overlap the refresh. */
const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('request', () => {
  afterEach(() => {
    setAccessToken(null);
    setOnAuthFailure(null);
  });

  it('sends the bearer token when one is set, and none otherwise', async () => {
    const { calls } = mockFetch(() => jsonResponse({ ok: true }));
    await request('/api/convos');
    setAccessToken('token-1');
    await request('/api/convos');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends json bodies as JSON and returns the parsed answer', async () => {
    const { calls } = mockFetch(() => jsonResponse({ conversationId: 'c1' }));
    const answer = await request<{ conversationId: string }>('/api/convos/update', {
      method: 'POST',
      json: { title: 'x' },
    });
    expect(answer).toEqual({ conversationId: 'c1' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"title":"x"}');
  });

  it('returns undefined for an empty answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(request('/api/convos/all', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws ApiError with the status, message and code of the error shape', async () => {
    mockFetch(() => jsonResponse({ message: 'Conversation not found', code: 'not_found' }, 404));
    const error = await request('/api/convos/c1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Conversation not found', code: 'not_found' });
  });

  it('keeps the message but not a code the contract does not know', async () => {
    mockFetch(() => jsonResponse({ message: 'Upstream refused', code: 'something_else' }, 409));
    const error = await request('/api/convos/c1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, message: 'Upstream refused', code: undefined });
  });

  it('throws ApiError for an answer that is not the error shape', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await request('/api/config').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined });
  });

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    setAccessToken('expired');
    const { calls, callsTo } = mockFetch((call) => {
      if (call.url === '/api/auth/refresh') return later(jsonResponse({ token: 'fresh', user: { id: 'u1' } }));
      return call.headers.get('Authorization') === 'Bearer fresh'
        ? jsonResponse({ path: call.url })
        : later(unauthorized(), 5);
    });

    const [first, second] = await Promise.all([request('/api/convos'), request('/api/messages/c1')]);

    expect(first).toEqual({ path: '/api/convos' });
    expect(second).toEqual({ path: '/api/messages/c1' });
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(callsTo('/api/auth/refresh')[0]?.method).toBe('POST');
    expect(calls.filter((call) => call.url !== '/api/auth/refresh')).toHaveLength(4);
    expect(getAccessToken()).toBe('fresh');
  });

  it('reuses a token another call already refreshed instead of refreshing again', async () => {
    setAccessToken('expired');
    const { callsTo } = mockFetch(async (call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse({ token: 'fresh' });
      if (call.headers.get('Authorization') === 'Bearer fresh') return jsonResponse({ ok: true });
      // The slow call's 401 arrives after the fast call has already refreshed.
      return later(unauthorized(), call.url === '/api/slow' ? 50 : 1);
    });
    await Promise.all([request('/api/fast'), request('/api/slow')]);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it.each(['/api/auth/2fa/verify-temp', '/api/auth/2fa/disable', '/api/auth/logout'])(
    'never refreshes or retries %s',
    async (path) => {
      setAccessToken('expired');
      const { calls } = mockFetch((call) =>
        call.url === '/api/auth/refresh' ? jsonResponse({ token: 'fresh' }) : unauthorized(),
      );
      const error = await request(path, { method: 'POST' }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 401 });
      expect(calls.map((call) => call.url)).toEqual([path]);
    },
  );

  it('calls onAuthFailure once and throws the 401 when the refresh yields no token', async () => {
    setAccessToken('expired');
    const onAuthFailure = vi.fn();
    setOnAuthFailure(onAuthFailure);
    const { callsTo } = mockFetch((call) =>
      call.url === '/api/auth/refresh'
        ? later(jsonResponse({ message: 'Refresh token expired' }, 401))
        : unauthorized(),
    );

    const results = await Promise.allSettled([request('/api/convos'), request('/api/user')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 401 });
    }
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });
});
