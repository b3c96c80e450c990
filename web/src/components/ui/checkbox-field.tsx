import { useId } from 'react';

type CheckboxFieldProps = {
  label: string;
  /** A line under the label, read with the checkbox (why it matters, or why it is off). */
  info?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A checkbox with its label beside it and an optional explanation under the label. */
export function CheckboxField({ label, info, checked, onChange, disabled }: CheckboxFieldProps) {
  const id = useId();
  const infoId = `${id}-info`;
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={info ? infoId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-surface-submit disabled:opacity-50"
      />
      <div className="text-sm">
        <label htmlFor={id} className={disabled ? 'text-text-secondary' : 'text-text-primary'}>
          {label}
        </label>
        {info && (
          <p id={infoId} className="text-xs text-text-secondary">
            {info}
          </p>
        )}
      </div>
    </div>
  );
}
