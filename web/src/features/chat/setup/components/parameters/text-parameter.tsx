import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { TextField } from '../../lib/parameter-fields';
import { ParameterRow } from './parameter-row';

type TextParameterProps = {
  field: TextField;
  label: string;
  value: unknown;
  /** undefined for an empty box: the setting is unset, not an empty string. */
  onChange: (next: string | undefined) => void;
};

const PLACEHOLDERS = {
  modelLabel: 'com_endpoint_custom_name_placeholder',
  promptPrefix: 'com_endpoint_prompt_prefix_placeholder',
  region: 'com_endpoint_region_placeholder',
} as const;

/** Free text: the custom name and instructions, the Bedrock region. */
export function TextParameter({ field, label, value, onChange }: TextParameterProps) {
  const { t } = useTranslation();
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const className =
    'block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary placeholder:text-text-tertiary focus:outline-2 focus:outline-ring-primary sm:text-sm';
  const change = (next: string) => onChange(next === '' ? undefined : next);
  return (
    <ParameterRow label={label} htmlFor={id}>
      {field.type === 'textarea' ? (
        <textarea
          id={id}
          rows={4}
          value={text}
          placeholder={t(PLACEHOLDERS[field.key])}
          onChange={(event) => change(event.target.value)}
          className={`${className} resize-y`}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={text}
          placeholder={t(PLACEHOLDERS[field.key])}
          onChange={(event) => change(event.target.value)}
          className={className}
        />
      )}
    </ParameterRow>
  );
}
