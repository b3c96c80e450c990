import { useTranslation } from '@/lib/i18n/react';
import { EndpointIcon } from '@/shared/endpoint-icon/endpoint-icon';
import { useChatSetup } from '../chat-setup-context';
import { useSetupSources } from '../hooks/use-setup-sources';
import { useUserKeyStates } from '../hooks/use-user-key-states';
import { type EndpointOption, endpointOptions } from '../lib/endpoint-options';
import { setupForEndpoint } from '../lib/initial-setup';
import { readLastModels } from '../lib/setup-storage';
import { OptionPicker, type PickerOption } from './option-picker';

export interface EndpointsMenuProps {
  /** Called after switching to an endpoint whose user key is not set, to ask for it. */
  onKeyNeeded?: (endpoint: EndpointOption) => void;
  disabled?: boolean;
}

/**
 * The configured endpoints in the server's order. Endpoints that take the user's own key say
 * whether it is set. Switching starts the setup over on that endpoint (each provider has its
 * own parameters) with the model last picked there.
 */
export function EndpointsMenu({ onKeyNeeded, disabled }: EndpointsMenuProps) {
  const { t } = useTranslation();
  const { setup, replace } = useChatSetup();
  const sources = useSetupSources();
  const endpoints = endpointOptions(sources.endpoints);
  const keyed = endpoints.filter((endpoint) => endpoint.userProvide || endpoint.userProvideURL);
  const keyStates = useUserKeyStates(keyed.map((endpoint) => endpoint.name));

  const keyText = (endpoint: EndpointOption): string | undefined => {
    if (!endpoint.userProvide && !endpoint.userProvideURL) return undefined;
    return keyStates[endpoint.name] ? t('com_endpoint_config_key_set') : t('com_endpoint_config_key_needed');
  };
  const options: PickerOption[] = endpoints.map((endpoint) => {
    const notes = [endpoint.label !== endpoint.name ? endpoint.name : undefined, keyText(endpoint)].filter(Boolean);
    return {
      value: endpoint.name,
      label: endpoint.label,
      ...(notes.length ? { description: notes.join(' · ') } : {}),
      icon: <EndpointIcon type={endpoint.type} label={endpoint.label} iconURL={endpoint.iconURL} decorative />,
    };
  });
  const current = endpoints.find((endpoint) => endpoint.name === setup.endpoint);

  return (
    <OptionPicker
      // Its icon alone in a narrow header; as wide as its name (up to a limit) from 768 px.
      className="shrink-0 @3xl:max-w-44 @3xl:shrink"
      iconOnlyWhenNarrow
      label={t('com_endpoint_endpoint')}
      value={setup.endpoint}
      options={options}
      placeholder={t('com_endpoint_select_endpoint')}
      emptyText={t('com_endpoint_no_endpoints')}
      disabled={disabled || endpoints.length === 0}
      icon={
        current ? (
          <EndpointIcon type={current.type} label={current.label} iconURL={current.iconURL} decorative />
        ) : undefined
      }
      onSelect={(name) => {
        const endpoint = endpoints.find((candidate) => candidate.name === name);
        if (!endpoint) return;
        replace({
          ...setupForEndpoint(sources, name, readLastModels()),
          ...(setup.isTemporary ? { isTemporary: true } : {}),
        });
        if ((endpoint.userProvide || endpoint.userProvideURL) && keyStates[name] !== true) onKeyNeeded?.(endpoint);
      }}
    />
  );
}
