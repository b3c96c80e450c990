import { type ReactNode, useId } from 'react';

type SwitchRowProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Under the label (a warning, an explanation). */
  children?: ReactNode;
};

/** A labelled on/off switch. */
export function SwitchRow({ label, checked, onChange, disabled, children }: SwitchRowProps) {
  const labelId = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div className="min-w-0 text-sm">
        <span id={labelId} className="text-text-primary">
          {label}
        </span>
        {children}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:opacity-50 ${
          checked ? 'bg-surface-submit' : 'bg-border-medium'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
