import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/react';

type ParameterRowProps = {
  label: string;
  /** The id the label names (an input's id); omit when the control labels itself. */
  htmlFor?: string;
  labelId?: string;
  hint?: string;
  hintId?: string;
  /** Shows a reset button: the value is set and can go back to the default. */
  onReset?: () => void;
  children: ReactNode;
};

/** One parameter: its name, a reset while it is set, the control, and the range under it. */
export function ParameterRow({ label, htmlFor, labelId, hint, hintId, onReset, children }: ParameterRowProps) {
  const { t } = useTranslation();
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <div className="mb-1.5 flex min-h-7 items-center justify-between gap-3">
        <label id={labelId} htmlFor={htmlFor} className="text-sm font-medium text-text-primary">
          {label}
        </label>
        {onReset && (
          <button
            type="button"
            onClick={onReset}
            aria-label={t('com_endpoint_reset_parameter', { name: label })}
            className="rounded-md px-2 py-1 text-xs text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
          >
            {t('com_endpoint_reset')}
          </button>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-text-secondary">
          {hint}
        </p>
      )}
    </div>
  );
}
