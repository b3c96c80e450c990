import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@contract/auth';
import type { EndpointsConfig } from '@contract/config';
import { setAccessToken } from '@/lib/api/token-store';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { modelsQueryOptions } from '@/shared/config/api/get-models';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { userFixture } from '@/testing/chat-setup-fixtures';
import { AgentPanel } from '../components/agent-panel';

export interface PanelOptions {
  initialAgentId?: string;
  /** The role's AGENTS permissions (USE and CREATE by default). */
  agents?: { CREATE?: boolean; SHARED_GLOBAL?: boolean };
  capabilities?: string[];
  user?: Partial<PublicUser>;
}

export const panelEndpoints = (capabilities: string[]): EndpointsConfig => ({
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  anthropic: { order: 1, userProvide: false, userProvideURL: false },
  agents: { order: 2, capabilities },
});

/** The builder panel with the user, role, endpoints and models cached; agents come through the mocked fetch. */
export function renderPanel(options: PanelOptions = {}) {
  setAccessToken(null);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, { ...userFixture, ...options.user });
  queryClient.setQueryData(roleQueryOptions('USER').queryKey, {
    name: 'USER',
    permissions: { AGENTS: { USE: true, CREATE: true, SHARED_GLOBAL: false, ...options.agents } },
  });
  queryClient.setQueryData(
    endpointsQueryOptions.queryKey,
    panelEndpoints(options.capabilities ?? ['tools', 'actions', 'artifacts', 'execute_code']),
  );
  queryClient.setQueryData(modelsQueryOptions.queryKey, {
    openAI: ['gpt-4o-mini', 'gpt-4o'],
    anthropic: ['claude-sonnet-4'],
  });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AgentPanel initialAgentId={options.initialAgentId} onClose={() => undefined} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, queryClient, events: userEvent.setup() };
}
