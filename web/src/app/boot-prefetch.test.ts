import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { messagesQueryOptions } from '@/shared/conversation/api/get-messages';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockAuthApi, testSession } from '@/shared/auth/testing/auth-api-mock';
import { prefetchForBoot } from './boot-prefetch';

const MESSAGES = '/api/messages/c1';

function setup(signedIn: boolean) {
  return mockAuthApi({
    session: signedIn ? testSession() : null,
    routes: { [`GET ${MESSAGES}`]: () => jsonResponse([]) },
  });
}

const requested = (calls: readonly { url: string }[]) => calls.map((call) => call.url);

describe('prefetchForBoot', () => {
  it('fetches an opened conversation’s messages once the session is restored, into the chat screen’s cache entry', async () => {
    const api = setup(true);
    const queryClient = createQueryClient();
    await prefetchForBoot(queryClient, '/c/c1');
    const urls = requested(api.calls);
    expect(urls).toEqual(expect.arrayContaining(['/api/config', '/api/auth/refresh', MESSAGES]));
    // Behind the session: the messages need its access token.
    expect(urls.indexOf(MESSAGES)).toBeGreaterThan(urls.indexOf('/api/auth/refresh'));
    expect(queryClient.getQueryData(messagesQueryOptions('c1').queryKey)).toEqual([]);
  });

  it('asks only for the config and the session elsewhere, for a new chat, or when nobody is signed in', async () => {
    for (const [signedIn, pathname] of [
      [true, '/c/new'],
      [true, '/search'],
      [false, '/c/c1'],
    ] as const) {
      const api = setup(signedIn);
      await prefetchForBoot(createQueryClient(), pathname);
      expect(requested(api.calls).sort()).toEqual(['/api/auth/refresh', '/api/config']);
    }
  });
});
