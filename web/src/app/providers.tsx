import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { createQueryClient } from '@/lib/react-query';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { ToastProvider } from '@/components/ui/toast-provider';

export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  // One client per mounted app (not per render), so tests get a fresh cache each time; the app
  // passes the one it has already started filling as it booted.
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
