import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicUser, RoleResponse } from '@contract/auth';
import { setAccessToken } from '@/lib/api/token-store';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { userFixture } from '@/testing/account-fixtures';
import { startupConfigFixture } from '@/testing/startup-config';
import { TestProviders } from '@/testing/test-providers';
import { NewPromptRoute } from '../routes/new-prompt';
import { PromptDetailRoute } from '../routes/prompt-detail';
import { PromptsIndexRoute, PromptsLayout } from '../routes/prompts-layout';

export const NEW_CHAT_TEXT = 'new chat page';

// The pages are lazy chunks with several requests each: on a busy machine the first answer can
// take longer than the default second to show.
configure({ asyncUtilTimeout: 5000 });

type PromptsPermissions = { USE?: boolean; CREATE?: boolean; SHARED_GLOBAL?: boolean };

export type RenderPromptsOptions = {
  path?: string;
  user?: Partial<PublicUser>;
  /** The role's PROMPTS flags; USE and CREATE by default. */
  prompts?: PromptsPermissions;
  /** Whether the window is as wide as a desktop (the controls sit beside the editor). */
  wide?: boolean;
  /** The config's `interface.prompts` switch (left out by default). */
  interfacePrompts?: boolean;
};

/** matchMedia for the theme and the side panel: only `min-width` queries follow `wide`. */
function stubMatchMedia(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      matches: query.includes('min-width') ? wide : false,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => true,
    })),
  );
}

/** The prompt routes as the app nests them, with the user, role and startup config cached. */
export function renderPrompts(options: RenderPromptsOptions = {}) {
  stubMatchMedia(options.wide ?? false);
  setAccessToken(null);
  const user = userFixture(options.user);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, {
    ...startupConfigFixture,
    interface: { ...startupConfigFixture.interface, prompts: options.interfacePrompts },
  });
  const role: RoleResponse = {
    name: user.role,
    permissions: { PROMPTS: { USE: true, CREATE: true, SHARED_GLOBAL: false, ...options.prompts } },
  };
  queryClient.setQueryData(roleQueryOptions(user.role).queryKey, role);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [
          {
            path: '/d/prompts',
            element: <PromptsLayout />,
            children: [
              { index: true, element: <PromptsIndexRoute /> },
              { path: '/d/prompts/new', element: <NewPromptRoute /> },
              { path: '/d/prompts/:promptId', element: <PromptDetailRoute /> },
            ],
          },
          { path: '/c/new', element: <p>{NEW_CHAT_TEXT}</p> },
        ],
      },
    ],
    { initialEntries: [options.path ?? '/d/prompts'] },
  );
  const view = render(<TestProviders queryClient={queryClient} router={router} />);
  return { ...view, queryClient, router, events: userEvent.setup() };
}
