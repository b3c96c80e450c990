import { RouterProvider } from 'react-router-dom';
import { bootQueryClient } from './boot';
import { AppProvider } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <AppProvider client={bootQueryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
