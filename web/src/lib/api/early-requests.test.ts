import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { getMessages } from '@/shared/conversation/api/get-messages';
import { NEW_CONVERSATION, PENDING_CONVERSATION, SEARCH_CONVERSATION } from '@/shared/conversation/types';
import { restoreSession } from './refresh-token';
import { takeEarlyMessages, takeEarlyRefresh } from './early-requests';
import { getAccessToken, setAccessToken } from './token-store';
import SCRIPT from '../../../public/early-requests.js?raw';

// The script index.html runs before the app (web/public/early-requests.js), run here as the
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

  it('restores the session and fetches the opened conversation with its token; the app adopts both, once', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/refresh' ? jsonResponse({ token: 'early-token', user }) : jsonResponse(stored),
    );
    runEarlyScript('/c/conv%201');
    await settled();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/messages/conv%201',
    ]);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer early-token');

    await expect(restoreSession()).resolves.toEqual({ token: 'early-token', user });
    expect(getAccessToken()).toBe('early-token');
    await expect(getMessages('conv 1')).resolves.toEqual(stored);
    expect(calls).toHaveLength(2);

    // Taken once: the next refresh and the next read go to the network.
    expect(takeEarlyRefresh()).toBeNull();
    expect(takeEarlyMessages('conv 1')).toBeNull();
    await getMessages('conv 1');
    expect(calls).toHaveLength(3);
  });

  it.each([NEW_CONVERSATION, PENDING_CONVERSATION, SEARCH_CONVERSATION])(
    'asks for no messages on /c/%s, which names no saved conversation',
    async (id) => {
      const { calls } = mockFetch(() => jsonResponse({ token: 't', user }));
      runEarlyScript(`/c/${id}`);
      await settled();
      expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
    },
  );

  it('asks for no messages when nobody is signed in, and the app then reads them itself', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/refresh'
        ? new Response('Refresh token not provided', { status: 200 })
        : jsonResponse({ message: 'Unauthorized' }, 401),
    );
    runEarlyScript('/c/abc');
    await settled();
    await expect(restoreSession()).resolves.toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
    await expect(takeEarlyMessages('abc')).resolves.toBeNull();
  });

  it('leaves another conversation’s messages to the network', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/refresh' ? jsonResponse({ token: 't', user }) : jsonResponse(stored),
    );
    runEarlyScript('/c/first');
    await settled();
    await restoreSession();
    await getMessages('second');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/messages/first', '/api/messages/second']);
  });

  it('asks again itself when the early answer is not a success', async () => {
    let reads = 0;
    mockFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse({ token: 't', user });
      reads += 1;
      return reads === 1 ? jsonResponse({ message: 'busy' }, 503) : jsonResponse(stored);
    });
    runEarlyScript('/c/abc');
    await settled();
    await restoreSession();
    await expect(getMessages('abc')).resolves.toEqual(stored);
    expect(reads).toBe(2);
  });
});
