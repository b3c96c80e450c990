import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/react';

type CountedFieldProps = {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  hint?: string;
  readOnly?: boolean;
  testId?: string;
};

/** A one-line input with a live "n of max" counter, which is also its limit. */
export function CountedField({ label, value, max, onChange, hint, readOnly, testId }: CountedFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-text-primary">
          {label}
        </label>
        <span id={counterId} className="text-xs tabular-nums text-text-secondary">
          {t('com_ui_prompt_counter', { 0: value.length, 1: max })}
        </span>
      </div>
      <input
        id={id}
        value={value}
        maxLength={max}
        readOnly={readOnly}
        data-testid={testId}
        aria-describedby={hint ? `${counterId} ${hintId}` : counterId}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary focus:outline-2 focus:outline-ring-primary read-only:opacity-70 sm:text-sm"
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-text-secondary">
          {hint}
        </p>
      )}
    </div>
  );
}
