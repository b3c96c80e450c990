import { useId } from 'react';

interface ForkCheckboxProps {
  label: string;
  /** Explains the choice; read with the checkbox. */
  info: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function ForkCheckbox({ label, info, checked, onChange, disabled }: ForkCheckboxProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-info`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-surface-submit"
      />
      <div className="text-sm">
        <label htmlFor={id} className="text-text-primary">
          {label}
        </label>
        <p id={`${id}-info`} className="text-xs text-text-secondary">
          {info}
        </p>
      </div>
    </div>
  );
}
