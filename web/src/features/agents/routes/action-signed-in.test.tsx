import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const CONFIRM = 'POST /api/actions/oauth/confirm';
const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('/actions/signed-in', () => {
  it('confirms the sign-in once with the session, says where, and links back to the chat that asked', async () => {
    const api = mockAuthApi({
      session: testSession({ token: 'tok-ada' }),
      routes: { [CONFIRM]: () => jsonResponse({ host: 'login.pets.example', conversationId: 'convo-1' }) },
    });
    renderApp('/actions/signed-in?state=st-1');
    expect(
      await screen.findByText(/You are signed in to login\.pets\.example\. You may close this tab/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    const calls = api.callsTo('/api/actions/oauth/confirm');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ state: 'st-1' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-ada');
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/c/convo-1');
  });

  it.each([
    [404, 'No sign-in of yours was found for this link.'],
    [409, 'This sign-in was already used.'],
    [410, 'This sign-in took too long and has expired.'],
    [400, 'This sign-in was not completed in this browser.'],
    [502, 'The sign-in could not be finished'],
  ])('a %i answer shows a clear error and the way back', async (status, text) => {
    mockAuthApi({
      session: testSession(),
      routes: { [CONFIRM]: () => jsonResponse({ message: 'server words' }, status) },
    });
    renderApp('/actions/signed-in?state=st-2');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(text);
    expect(screen.queryByText('server words')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/c/new');
  });

  it('shows the callback’s own verdict without asking the server', async () => {
    const api = mockAuthApi({ session: testSession() });
    renderApp('/actions/signed-in?error=refused');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent('the site did not grant access');
    expect(api.callsTo('/api/actions/oauth/confirm')).toHaveLength(0);
  });

  it('without a session goes to the login, which returns to this page', async () => {
    const api = mockAuthApi();
    const { router } = renderApp('/actions/signed-in?state=st-3');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Factions%2Fsigned-in%3Fstate%3Dst-3'), PAGE_LOAD);
    expect(api.callsTo('/api/actions/oauth/confirm')).toHaveLength(0);
  });
});
