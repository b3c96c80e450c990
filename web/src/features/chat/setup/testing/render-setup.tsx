import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RoleResponse } from '@contract/auth';
import type { EndpointsConfig, StartupConfig } from '@contract/config';
import type { ModelsResponse } from '@contract/messages';
import type { Preset } from '@contract/presets';
import { setAccessToken } from '@/lib/api/token-store';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { modelsQueryOptions } from '@/shared/config/api/get-models';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import type { ChatSetup } from '@/shared/conversation/types';
import {
  endpointsFixture,
  modelsFixture,
  roleFixture,
  startupConfig,
  userFixture,
} from '@/testing/chat-setup-fixtures';
import { presetsQueryKey } from '../../presets/api/get-presets';
import { ChatSetupProvider, useChatSetup } from '../chat-setup-context';

export interface SetupTestOptions {
  startup?: StartupConfig;
  endpoints?: EndpointsConfig;
  models?: ModelsResponse;
  role?: RoleResponse;
  /** The user's presets (none by default). */
  presets?: Preset[];
  /** An existing conversation's setup. */
  initial?: ChatSetup;
  /** Leave these queries unanswered (their fetch is the test's to mock). */
  unseeded?: readonly ('models' | 'endpoints')[];
}

/** Shows the provider's setup as JSON, for tests to read. */
export function SetupProbe() {
  const { setup, isReady } = useChatSetup();
  return (
    <pre data-testid="setup" data-ready={String(isReady)} hidden>
      {JSON.stringify(setup)}
    </pre>
  );
}

/**
 * Renders `ui` inside a ChatSetupProvider with the startup config, endpoints, models, presets,
 * user and role already in the query cache (as the app has them after loading). Anything else
 * (user keys) goes through fetch, which the test mocks.
 */
export function renderWithSetup(ui: ReactNode, options: SetupTestOptions = {}) {
  setAccessToken(null);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, userFixture);
  queryClient.setQueryData(roleQueryOptions('USER').queryKey, options.role ?? roleFixture(true));
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, options.startup ?? startupConfig());
  queryClient.setQueryData(presetsQueryKey, options.presets ?? []);
  if (!options.unseeded?.includes('endpoints'))
    queryClient.setQueryData(endpointsQueryOptions.queryKey, options.endpoints ?? endpointsFixture);
  if (!options.unseeded?.includes('models'))
    queryClient.setQueryData(modelsQueryOptions.queryKey, options.models ?? modelsFixture);
  const tree = (initial: ChatSetup | undefined) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ChatSetupProvider initial={initial}>
          {ui}
          <SetupProbe />
        </ChatSetupProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
  const view = render(tree(options.initial));
  /** Re-renders the same provider with another `initial` (a conversation that finished loading). */
  const rerenderWithInitial = (initial: ChatSetup | undefined) => view.rerender(tree(initial));
  return { ...view, queryClient, rerenderWithInitial, events: userEvent.setup() };
}

/** The provider's current setup, parsed from the probe. */
export function currentSetup(container: HTMLElement = document.body): ChatSetup {
  const probe = container.querySelector('[data-testid="setup"]');
  return JSON.parse(probe?.textContent ?? '{}') as ChatSetup;
}
