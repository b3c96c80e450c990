import { useId } from 'react';
import { SelectField } from '@/components/ui/select-field';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import type { ChoiceField } from '../../lib/parameter-fields';
import { ParameterRow } from './parameter-row';

const OPTION_LABELS: Readonly<Record<string, TranslationKey>> = {
  low: 'com_endpoint_reasoning_effort_low',
  medium: 'com_endpoint_reasoning_effort_medium',
  high: 'com_endpoint_reasoning_effort_high',
};

type ChoiceParameterProps = {
  field: ChoiceField;
  label: string;
  value: unknown;
  onChange: (next: string | undefined) => void;
};

/** One of a few named values, or unset (the model decides). */
export function ChoiceParameter({ field, label, value, onChange }: ChoiceParameterProps) {
  const { t } = useTranslation();
  const id = useId();
  const current = typeof value === 'string' && field.options.includes(value) ? value : '';
  return (
    <ParameterRow label={label} htmlFor={id}>
      <SelectField
        id={id}
        value={current}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        options={[
          { value: '', label: t('com_endpoint_default_model') },
          ...field.options.map((option) => {
            const key = OPTION_LABELS[option];
            return { value: option, label: key ? t(key) : option };
          }),
        ]}
      />
    </ParameterRow>
  );
}
