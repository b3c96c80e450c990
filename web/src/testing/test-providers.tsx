import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createMemoryRouter } from 'react-router-dom';
import { ToastProvider } from '@/components/ui/toast-provider';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { ThemeProvider } from '@/lib/theme/theme-provider';

type TestProvidersProps = { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> };

/** The app's providers around a memory router, as the app nests them, for component tests. */
export function TestProviders({ queryClient, router }: TestProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
