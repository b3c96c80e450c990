import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { createQueryClient } from '@/lib/react-query';

/** `element` at /c/:conversationId of a memory router (starting at `path`), with /c/new beside it. */
export function renderAt(path: string, element: ReactElement) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/c/new', element: <p>new chat page</p> },
      { path: '/c/:conversationId', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router, events: userEvent.setup() };
}

/** jsdom lays nothing out: the list's scroller gets a sidebar's size so the virtual rows draw. */
export function giveListASize() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(260);
}
