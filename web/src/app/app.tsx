import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { redirectToLoginOnAuthFailure } from './auth-failure-redirect';
import { AppProvider } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  useEffect(() => redirectToLoginOnAuthFailure(router), []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
