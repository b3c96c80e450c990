import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type DefaultCheckboxProps = { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean };

/** "Use for new chats": the preset a new conversation starts from (one per user). */
export function DefaultCheckbox({ checked, onChange, disabled }: DefaultCheckboxProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-surface-submit"
      />
      <label htmlFor={id} className="text-sm text-text-primary">
        {t('com_endpoint_preset_make_default')}
      </label>
    </div>
  );
}
