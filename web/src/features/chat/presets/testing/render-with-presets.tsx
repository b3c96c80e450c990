import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { InterfaceConfig } from '@contract/config';
import { ToastProvider } from '@/components/ui/toast-provider';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { createQueryClient } from '@/lib/react-query';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { startupConfigFixture } from '@/testing/startup-config';

/** Renders `ui` with the providers the presets UI needs, the startup config cached with `interface`. */
export function renderWithPresets(
  ui: ReactElement,
  { interfaceConfig = {} }: { interfaceConfig?: InterfaceConfig } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, { ...startupConfigFixture, interface: interfaceConfig });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, queryClient, events: userEvent.setup() };
}
