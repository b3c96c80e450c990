import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import type { SharedLinkItem } from '@contract/share';
import { setAccessToken } from '@/lib/api/token-store';
import { createQueryClient } from '@/lib/react-query';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { startupConfigFixture } from '@/testing/startup-config';
import { TestProviders } from '@/testing/test-providers';

type RenderOptions = {
  /** The route pattern `ui` is mounted at, and the address opened. */
  path?: string;
  at?: string;
  userEvents?: Parameters<typeof userEvent.setup>[0];
};

/** Renders `ui` inside the app's providers, the startup config already cached, no session. */
export function renderShare(ui: ReactElement, { path = '/', at = '/', userEvents }: RenderOptions = {}) {
  mockSystemTheme({ prefersLight: false });
  setAccessToken(null);
  const queryClient = createQueryClient();
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, startupConfigFixture);
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [at] });
  const view = render(<TestProviders queryClient={queryClient} router={router} />);
  return { ...view, queryClient, router, events: userEvent.setup(userEvents) };
}

/** A promise resolved from outside, to hold a response while the test looks at the screen. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export const linkFixture = (index: number, overrides: Partial<SharedLinkItem> = {}): SharedLinkItem => ({
  shareId: `share-${index}`,
  conversationId: `convo-${index}`,
  title: `Chat ${index}`,
  isPublic: true,
  createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 28))).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1 + (index % 28))).toISOString(),
  ...overrides,
});
