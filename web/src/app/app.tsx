import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/react-query';
import { prefetchForBoot } from './boot-prefetch';
import { AppProvider } from './providers';
import { createAppRouter } from './router';
import { UpdatePrompt } from './update-prompt';

const router = createAppRouter();
const queryClient = createQueryClient();
// At module load, beside the first page's chunks rather than after them (see boot-prefetch.ts).
void prefetchForBoot(queryClient, window.location.pathname);

export function App() {
  return (
    <AppProvider client={queryClient}>
      {/* Router updates rendered as ordinary updates, not transitions: a transition renders the
          opened page in 5 ms slices with the browser's tasks between them, which delays a long
          conversation's first paint. The lazy parts (markdown, dialogs) have their own Suspense
          fallbacks, which show the same either way. */}
      <RouterProvider router={router} useTransitions={false} />
      <UpdatePrompt />
    </AppProvider>
  );
}
