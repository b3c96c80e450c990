import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/react-query';
import { prefetchForBoot } from './boot-prefetch';
import { AppProvider } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();
const queryClient = createQueryClient();
// At module load, beside the first page's chunks rather than after them (see boot-prefetch.ts).
void prefetchForBoot(queryClient, window.location.pathname);

export function App() {
  return (
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
