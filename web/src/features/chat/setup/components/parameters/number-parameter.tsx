import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { NumberField } from '../../lib/parameter-fields';
import { displayedNumber, hasSlider, parseNumberInput, roundToStepPrecision } from '../../lib/parameter-values';
import { ParameterRow } from './parameter-row';

type NumberParameterProps = {
  field: NumberField;
  label: string;
  value: unknown;
  /** undefined: unset, the default applies. */
  onChange: (next: number | undefined) => void;
};

/**
 * A slider (when the range is bounded) and a text box for the same number. The box accepts a
 * number or a numeric string, committed on Enter or leaving it: blank resets to the default,
 * out-of-range values are clamped, anything else reverts.
 */
export function NumberParameter({ field, label, value, onChange }: NumberParameterProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();
  const { range, integer } = field;
  const shown = displayedNumber(value, range, integer);
  const [draft, setDraft] = useState<string | null>(null);
  const isSet = parseNumberInput(value, range, integer).status === 'value';

  const commit = () => {
    if (draft === null) return;
    const parsed = parseNumberInput(draft, range, integer);
    if (parsed.status === 'unset') onChange(undefined);
    else if (parsed.status === 'value') onChange(parsed.value);
    setDraft(null);
  };

  const bounded = hasSlider(range);
  const limits = bounded
    ? t('com_endpoint_range_hint', { min: range.min, max: range.max })
    : t('com_endpoint_min_hint', { min: range.min });
  const hint =
    range.default === undefined
      ? `${limits} · ${t('com_endpoint_default_model')}`
      : `${limits} · ${t('com_endpoint_default_hint', { value: range.default })}`;

  return (
    <ParameterRow
      label={label}
      htmlFor={inputId}
      labelId={labelId}
      hint={hint}
      hintId={hintId}
      onReset={isSet ? () => onChange(undefined) : undefined}
    >
      <div className="flex items-center gap-3">
        {bounded && (
          <input
            type="range"
            aria-labelledby={labelId}
            aria-describedby={hintId}
            min={range.min}
            max={range.max}
            step={range.step}
            value={shown ?? range.min}
            onChange={(event) => {
              setDraft(null);
              onChange(roundToStepPrecision(Number(event.target.value), range.step));
            }}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-[var(--surface-submit)]"
          />
        )}
        <input
          id={inputId}
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          aria-describedby={hintId}
          value={draft ?? (shown === undefined ? '' : String(shown))}
          placeholder={shown === undefined ? t('com_endpoint_default_model') : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape' && draft !== null) {
              // Escape undoes the typing first; a second one closes the panel.
              event.preventDefault();
              setDraft(null);
            }
          }}
          className={`${bounded ? 'w-24' : 'w-full'} rounded-lg border border-border-medium bg-surface-input px-2.5 py-1.5 text-end text-base tabular-nums text-text-primary focus:outline-2 focus:outline-ring-primary sm:text-sm`}
        />
      </div>
    </ParameterRow>
  );
}
