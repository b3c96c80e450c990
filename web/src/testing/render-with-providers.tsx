import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import type { PublicUser } from '@contract/auth';
import { setAccessToken } from '@/lib/api/token-store';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { startupConfigFixture } from '@/testing/startup-config';
import { TestProviders } from '@/testing/test-providers';

/** Text the /login stand-in shows, to assert a redirect there. */
export const LOGIN_PAGE_TEXT = 'login page';

/**
 * Renders `ui` with the app's providers (query cache seeded with `user` and the startup
 * config), at `/` of a memory router that also has a /login page.
 */
export function renderWithProviders(ui: ReactElement, { user }: { user: PublicUser | null }) {
  mockSystemTheme({ prefersLight: false });
  // The token lives in a module: start every test signed in by cache only, with none left over.
  setAccessToken(null);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, startupConfigFixture);
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/login', element: <p>{LOGIN_PAGE_TEXT}</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(<TestProviders queryClient={queryClient} router={router} />);
  // Files: uploads are checked by our own code, not filtered by the input's `accept`.
  return { ...view, queryClient, router, events: userEvent.setup({ applyAccept: false }) };
}

export const cachedUser = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueryData<PublicUser | null>(currentUserQueryKey);
