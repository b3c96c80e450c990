import { useTranslation } from '@/lib/i18n/react';
import { useUserKeyStatus } from '../../hooks/use-user-key-status';
import type { EndpointOption } from '../../lib/endpoint-options';
import { KeyIcon } from '../setup-icons';

/**
 * The current endpoint's key state, and the way to set it: highlighted while the key is
 * missing, since the composer stays disabled until it is set.
 */
export function UserKeyButton({ endpoint, onOpen }: { endpoint: EndpointOption; onOpen: () => void }) {
  const { t } = useTranslation();
  const { isSet } = useUserKeyStatus(endpoint.name);
  const label = isSet
    ? t('com_endpoint_config_key_manage', { name: endpoint.label })
    : t('com_endpoint_config_key_for', { name: endpoint.label });
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={label}
      title={label}
      onClick={onOpen}
      className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border px-2.5 text-sm transition focus-visible:outline-2 focus-visible:outline-ring-primary ${
        isSet
          ? 'border-border-light text-text-secondary hover:bg-surface-secondary hover:text-text-primary'
          : 'border-border-destructive bg-surface-destructive text-text-destructive hover:opacity-90'
      }`}
    >
      <KeyIcon />
      <span className="hidden sm:inline">
        {isSet ? t('com_endpoint_config_key_set') : t('com_endpoint_config_key_needed')}
      </span>
    </button>
  );
}
