import { CheckboxField } from '@/components/ui/checkbox-field';
import { useTranslation } from '@/lib/i18n/react';

export interface ShareState {
  shared: boolean;
  collaborative: boolean;
}

/**
 * Sharing with everyone on this server, and letting them edit it too. Only offered to roles
 * allowed to share globally; an agent no longer shared is no longer collaborative either.
 */
export function ShareFields({ value, onChange }: { value: ShareState; onChange: (value: ShareState) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-text-primary">{t('com_agents_sharing')}</legend>
      <CheckboxField
        label={t('com_agents_share_everyone')}
        checked={value.shared}
        onChange={(shared) => onChange({ shared, collaborative: shared && value.collaborative })}
      />
      <CheckboxField
        label={t('com_agents_collaborative')}
        info={t('com_agents_collaborative_info')}
        checked={value.collaborative}
        disabled={!value.shared}
        onChange={(collaborative) => onChange({ ...value, collaborative })}
      />
    </fieldset>
  );
}
