import { useId } from 'react';
import type { ToggleField } from '../../lib/parameter-fields';
import { ParameterRow } from './parameter-row';

type ToggleParameterProps = {
  field: ToggleField;
  label: string;
  value: unknown;
  onChange: (next: boolean) => void;
};

/** An on/off parameter as a switch; unset shows the provider default. */
export function ToggleParameter({ field, label, value, onChange }: ToggleParameterProps) {
  const labelId = useId();
  const on = typeof value === 'boolean' ? value : field.defaultValue;
  return (
    <ParameterRow label={label} labelId={labelId}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary ${on ? 'bg-surface-submit' : 'bg-border-medium'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition ${on ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'}`}
        />
      </button>
    </ParameterRow>
  );
}
