import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { getMessages } from '@/shared/conversation/api/get-messages';
import { NEW_CONVERSATION, PENDING_CONVERSATION, SEARCH_CONVERSATION } from '@/shared/conversation/types';
import { restoreSession } from './refresh-token';
import { takeEarlyMessages, takeEarlySession } from './early-requests';
import { getAccessToken, setAccessToken } from './token-store';
import SCRIPT from '../../head/early-requests.js?raw';

// The script index.html runs before the app (web/src/head/early-requests.js), run here as the
// page runs it, on the address the page was opened at.
const runEarlyScript = (pathname: string) => {
  window.history.replaceState(null, '', pathname);
  new Function(SCRIPT)();
};
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const user = { id: 'u1', email: 'ada@example.com' };
const stored = [{ messageId: 'm1', text: 'hello' }];

describe('the early requests', () => {
  afterEach(() => {
    delete window.__earlyRequests;
    setAccessToken(null);
    window.history.replaceState(null, '', '/');
  });

  it('restores the session and reads the opened conversation in one request; the app adopts both, once', async () => {
    const { calls } = mockFetch(() => jsonResponse({ token: 'early-token', user, messages: stored }));
    runEarlyScript('/c/conv%201');
    await settled();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/refresh?messages=conv%201']);

    await expect(restoreSession()).resolves.toEqual({ token: 'early-token', user });
    expect(getAccessToken()).toBe('early-token');
    await expect(getMessages('conv 1')).resolves.toEqual(stored);
    expect(calls).toHaveLength(1);

    // Taken once: the next refresh and the next read go to the network.
    expect(takeEarlySession()).toBeNull();
    expect(takeEarlyMessages('conv 1')).toBeNull();
    mockFetch(() => jsonResponse(stored));
    await getMessages('conv 1');
  });

  it('hands the messages over even when the chat asks before the session is adopted', async () => {
    const { calls } = mockFetch(() => jsonResponse({ token: 't', user, messages: stored }));
    runEarlyScript('/c/abc');
    await expect(getMessages('abc')).resolves.toEqual(stored);
    await expect(restoreSession()).resolves.toEqual({ token: 't', user });
    expect(calls).toHaveLength(1);
  });

  it.each([NEW_CONVERSATION, PENDING_CONVERSATION, SEARCH_CONVERSATION, ''])(
    'asks for no messages on /c/%s, which names no saved conversation',
    async (id) => {
      const { calls } = mockFetch(() => jsonResponse({ token: 't', user }));
      runEarlyScript(`/c/${id}`);
      await settled();
      expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
      await expect(restoreSession()).resolves.toEqual({ token: 't', user });
    },
  );

  it('asks for no messages when nobody is signed in, and the app then reads them itself', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/auth/refresh')
        ? new Response('Refresh token not provided', { status: 200 })
        : jsonResponse({ message: 'Unauthorized' }, 401),
    );
    runEarlyScript('/c/abc');
    await settled();
    await expect(restoreSession()).resolves.toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh?messages=abc']);
    await expect(takeEarlyMessages('abc')).resolves.toBeNull();
  });

  it('treats a refused refresh as no session and no messages', async () => {
    mockFetch(() => jsonResponse({ message: 'Invalid refresh token' }, 401));
    runEarlyScript('/c/abc');
    await expect(restoreSession()).resolves.toBeNull();
    await expect(takeEarlyMessages('abc')).resolves.toBeNull();
  });

  it('treats a network failure as no session, and the chat asks for its messages again', async () => {
    let failed = false;
    mockFetch(() => {
      if (!failed) {
        failed = true;
        throw new TypeError('Failed to fetch');
      }
      return jsonResponse(stored);
    });
    runEarlyScript('/c/abc');
    await expect(restoreSession()).resolves.toBeNull();
    await expect(getMessages('abc')).resolves.toEqual(stored);
  });

  it('leaves another conversation’s messages to the network', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/auth/refresh')
        ? jsonResponse({ token: 't', user, messages: stored })
        : jsonResponse([]),
    );
    runEarlyScript('/c/first');
    await settled();
    await restoreSession();
    await expect(getMessages('second')).resolves.toEqual([]);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh?messages=first', '/api/messages/second']);
  });

  it('asks again itself when the answer carries no messages', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/auth/refresh') ? jsonResponse({ token: 't', user }) : jsonResponse(stored),
    );
    runEarlyScript('/c/abc');
    await restoreSession();
    await expect(getMessages('abc')).resolves.toEqual(stored);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh?messages=abc', '/api/messages/abc']);
  });
});
