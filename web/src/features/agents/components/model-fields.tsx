import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useTranslation } from '@/lib/i18n/react';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { useModels } from '@/shared/config/api/get-models';
import { modelOptions, providerOptions } from '../lib/provider-options';

interface ModelFieldsProps {
  provider: string;
  model: string;
  onChange: (patch: { provider?: string; model?: string }) => void;
  readOnly: boolean;
  errors: { provider?: string; model?: string };
}

/** The provider (an endpoint of the chat's menu) and one of its models, from the same lists the chat uses. */
export function ModelFields({ provider, model, onChange, readOnly, errors }: ModelFieldsProps) {
  const { t } = useTranslation();
  const providers = providerOptions(useEndpoints().data);
  const modelsByEndpoint = useModels().data;
  const models = modelOptions(modelsByEndpoint, provider, model);
  const shownProviders = provider && !providers.includes(provider) ? [provider, ...providers] : providers;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor="agent-provider" className="mb-1.5 block text-sm font-medium text-text-primary">
          {t('com_agents_provider')}
        </label>
        <SelectField
          id="agent-provider"
          value={provider}
          disabled={readOnly}
          aria-invalid={errors.provider ? true : undefined}
          onChange={(event) => {
            const next = event.target.value;
            // Another provider has other models: its first one is a better start than a stale name.
            onChange({ provider: next, model: modelOptions(modelsByEndpoint, next, '')[0] ?? '' });
          }}
          options={[
            { value: '', label: t('com_agents_provider_choose') },
            ...shownProviders.map((name) => ({ value: name, label: name })),
          ]}
        />
        {errors.provider && <p className="mt-1 text-sm text-text-destructive">{errors.provider}</p>}
      </div>
      {models.length > 0 ? (
        <div>
          <label htmlFor="agent-model" className="mb-1.5 block text-sm font-medium text-text-primary">
            {t('com_agents_model')}
          </label>
          <SelectField
            id="agent-model"
            value={model}
            disabled={readOnly}
            onChange={(event) => onChange({ model: event.target.value })}
            options={models.map((name) => ({ value: name, label: name }))}
          />
          {errors.model && <p className="mt-1 text-sm text-text-destructive">{errors.model}</p>}
        </div>
      ) : (
        <TextField
          label={t('com_agents_model')}
          value={model}
          readOnly={readOnly}
          error={errors.model}
          onChange={(event) => onChange({ model: event.target.value })}
        />
      )}
    </div>
  );
}
