import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { usePermission } from '@/shared/config/api/get-role';
import { useChatSetup } from '../chat-setup-context';
import { useSetupSources } from '../hooks/use-setup-sources';
import { endpointOptions, servingEndpoint } from '../lib/endpoint-options';
import { parameterKindOf } from '../lib/parameter-kind';
import { setupVisibility } from '../lib/setup-visibility';
import { AgentSelect } from './agent-select';
import { EndpointsMenu } from './endpoints-menu';
import { ModelSelect } from './model-select';
import { ModelSpecsMenu } from './model-specs-menu';
import { ParametersButton } from './parameters/parameters-button';
import { TemporaryChatMarker } from './temporary-chat-marker';
import { TemporaryChatToggle } from './temporary-chat-toggle';
import { UserKeyButton } from './user-key/user-key-button';
import { UserKeyDialog } from './user-key/user-key-dialog';

/**
 * The conversation's setup controls for the chat header: model spec, endpoint, model, the
 * endpoint's key, parameters and the temporary-chat switch (a marker once such a chat has
 * started), each shown as the interface toggles, model specs and permissions allow. Must sit
 * inside <ChatSetupProvider>. One row at every width: in a narrow header (a size container below
 * 768 px) the endpoint shows as its icon, and a long model name truncates; every control is a
 * labelled button reachable by Tab.
 */
export function SetupBar({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { setup, isReady, isNewConversation } = useChatSetup();
  const sources = useSetupSources();
  const canUseTemporaryChat = usePermission('TEMPORARY_CHAT', 'USE');
  const [keyDialogFor, setKeyDialogFor] = useState<string | null>(null);

  const visibility = setupVisibility(sources.startupConfig, {
    canUseTemporaryChat,
    hasParameters: parameterKindOf(setup) !== null,
  });
  const endpoints = endpointOptions(sources.endpoints);
  // A plugins chat runs on OpenAI: OpenAI's key is the one it needs.
  const current = endpoints.find((endpoint) => endpoint.name === servingEndpoint(setup.endpoint));
  const keyEndpoint = endpoints.find((endpoint) => endpoint.name === keyDialogFor);
  const disabled = !isReady;

  return (
    <div
      role="group"
      aria-label={t('com_endpoint_setup')}
      className={`flex min-w-0 items-center gap-1 @3xl:gap-1.5 ${className}`}
    >
      {visibility.specsMenu && <ModelSpecsMenu disabled={disabled} />}
      {visibility.endpointsMenu && (
        <EndpointsMenu disabled={disabled} onKeyNeeded={(endpoint) => setKeyDialogFor(endpoint.name)} />
      )}
      {/* An agent brings its own model: the agent is what is chosen. */}
      {setup.endpoint === 'agents'
        ? (visibility.endpointsMenu || visibility.modelSelect) && <AgentSelect disabled={disabled} />
        : visibility.modelSelect && <ModelSelect disabled={disabled} />}
      {current && (current.userProvide || current.userProvideURL) && (
        <UserKeyButton endpoint={current} onOpen={() => setKeyDialogFor(current.name)} />
      )}
      {visibility.parameters && <ParametersButton disabled={disabled} />}
      {visibility.temporaryChat && isNewConversation && <TemporaryChatToggle disabled={disabled} />}
      {/* A started temporary chat stays marked whatever the interface shows: it is still not kept. */}
      {!isNewConversation && setup.isTemporary === true && <TemporaryChatMarker />}
      {keyEndpoint && <UserKeyDialog endpoint={keyEndpoint} open onClose={() => setKeyDialogFor(null)} />}
    </div>
  );
}
