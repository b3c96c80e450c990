import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { RoleResponse } from '@contract/auth';
import type { StartupConfig } from '@contract/config';
import { ToastProvider } from '@/components/ui/toast-provider';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { userFixture } from '@/testing/chat-setup-fixtures';
import { startupConfigFixture } from '@/testing/startup-config';

type Access = { canUse?: boolean; interfaceToggle?: boolean };
type RenderOptions = Access & { seed?: (queryClient: QueryClient) => void };

/** The signed-in user, their role's BOOKMARKS USE flag and the config toggle, already known. */
export function seedAccess(queryClient: QueryClient, { canUse = true, interfaceToggle = true }: Access = {}) {
  const role: RoleResponse = { name: 'USER', permissions: { BOOKMARKS: { USE: canUse } } };
  const config: StartupConfig = { ...startupConfigFixture, interface: { bookmarks: interfaceToggle } };
  queryClient.setQueryData(currentUserQueryKey, userFixture);
  queryClient.setQueryData(roleQueryOptions('USER').queryKey, role);
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, config);
}

/** `element` with the app's query client, toasts and a router, the user already signed in. */
export function renderWithBookmarks(element: ReactElement, { seed, ...access }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  seedAccess(queryClient, access);
  seed?.(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter>{element}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, events: userEvent.setup() };
}
