import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { useChatSetup } from '../chat-setup-context';
import { useSetupSources } from '../hooks/use-setup-sources';
import { endpointOptions, isEndpointOffered } from '../lib/endpoint-options';
import { chooseInitialSetup, setupForEndpoint } from '../lib/initial-setup';
import { readLastModels, readStoredSetup } from '../lib/setup-storage';

/**
 * Shown above the composer when the conversation's endpoint is not offered by this instance
 * (a chat imported from elsewhere): says so, and moves the conversation in one click to the
 * endpoint a new chat would start on, with the model last picked there (or its default).
 * The next message is sent there, and the conversation is saved with it.
 */
export function EndpointNotOffered({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation();
  const { setup, replace, isReady } = useChatSetup();
  const sources = useSetupSources();
  if (!isReady || isEndpointOffered(sources.endpoints, setup.endpoint)) return null;

  const targetName = chooseInitialSetup(sources, readStoredSetup()).endpoint;
  const target = endpointOptions(sources.endpoints).find((option) => option.name === targetName);
  const switchTo = () => {
    if (!target) return;
    replace(setupForEndpoint(sources, target.name, readLastModels()));
    onSwitched?.();
  };

  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border-medium bg-surface-secondary px-3 py-2 text-sm text-text-primary">
      <p className="min-w-0 flex-1">{t('com_endpoint_not_offered_notice', { endpoint: setup.endpoint })}</p>
      {target && (
        <Button variant="outline" className="shrink-0" onClick={switchTo}>
          {t('com_endpoint_not_offered_switch', { endpoint: target.label })}
        </Button>
      )}
    </div>
  );
}
