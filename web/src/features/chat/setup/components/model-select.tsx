import { useTranslation } from '@/lib/i18n/react';
import { useChatSetup } from '../chat-setup-context';
import { useSetupSources } from '../hooks/use-setup-sources';
import { servingEndpoint } from '../lib/endpoint-options';
import { showsModelSearch } from '../lib/model-search';
import { OptionPicker } from './option-picker';

/**
 * The models of the current endpoint (GET /api/models). A model the conversation already uses
 * but the endpoint no longer lists stays shown, so the button never lies about what is set.
 * Picking a model by hand leaves any model spec: the setup is no longer the spec's.
 */
export function ModelSelect({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { setup, update } = useChatSetup();
  const { models } = useSetupSources();
  // A plugins chat runs on OpenAI, with OpenAI's models.
  const served = servingEndpoint(setup.endpoint);
  const listed = (served && models?.[served]) || [];
  const names = setup.model && !listed.includes(setup.model) ? [setup.model, ...listed] : listed;

  return (
    <OptionPicker
      // As wide as its name, up to a limit; a long name truncates when the row is short.
      className="max-w-56"
      label={t('com_endpoint_model')}
      value={setup.model}
      options={names.map((name) => ({ value: name, label: name }))}
      searchable={showsModelSearch(names.length)}
      searchLabel={t('com_endpoint_search_models')}
      placeholder={t('com_endpoint_select_model')}
      emptyText={t('com_endpoint_no_models')}
      disabled={disabled || names.length === 0}
      onSelect={(model) => update(setup.spec ? { model, spec: null } : { model })}
    />
  );
}
