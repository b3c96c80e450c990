import { useTranslation } from '@/lib/i18n/react';
import { EndpointIcon } from '@/shared/endpoint-icon/endpoint-icon';
import { useChatSetup } from '../chat-setup-context';
import { useSetupSources } from '../hooks/use-setup-sources';
import { endpointTypeOf } from '../lib/endpoint-options';
import { findSpec, setupFromSpec } from '../lib/model-specs';
import { OptionPicker } from './option-picker';

/**
 * The operator's named configurations (modelSpecs.list). Choosing one replaces the setup with
 * its preset and names it in `spec`; a temporary chat stays temporary.
 */
export function ModelSpecsMenu({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { setup, replace } = useChatSetup();
  const { specs, endpoints } = useSetupSources();
  const current = findSpec(specs, setup.spec);
  const iconOf = (spec: (typeof specs)[number]) => (
    <EndpointIcon
      type={endpointTypeOf(endpoints, spec.preset.endpoint)}
      label={spec.label}
      iconURL={spec.iconURL}
      decorative
    />
  );

  return (
    <OptionPicker
      // As wide as its name, up to a limit; a long name truncates when the row is short.
      className="max-w-52"
      label={t('com_endpoint_model_spec')}
      value={current?.name}
      options={specs.map((spec) => ({
        value: spec.name,
        label: spec.label,
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.showIconInMenu === false ? {} : { icon: iconOf(spec) }),
      }))}
      placeholder={t('com_endpoint_select_model_spec')}
      emptyText={t('com_endpoint_no_model_specs')}
      disabled={disabled || specs.length === 0}
      icon={current && current.showIconInHeader !== false ? iconOf(current) : undefined}
      onSelect={(name) => {
        const spec = findSpec(specs, name);
        if (spec) replace({ ...setupFromSpec(spec, endpoints), ...(setup.isTemporary ? { isTemporary: true } : {}) });
      }}
    />
  );
}
