import { useId, useState } from 'react';
import { MAX_STOP_SEQUENCES } from '@contract/model-parameters';
import { useTranslation } from '@/lib/i18n/react';
import { addStopSequence, removeStopSequence, stopSequencesOf } from '../../lib/parameter-values';
import { ParameterRow } from './parameter-row';

type StopSequencesInputProps = {
  label: string;
  value: unknown;
  /** undefined once the last sequence is removed. */
  onChange: (next: string[] | undefined) => void;
};

/**
 * Up to four stop sequences as tags: Enter adds what was typed, Backspace in the empty box
 * removes the last tag, each tag's × removes it. Sequences are kept as typed, spaces included.
 */
export function StopSequencesInput({ label, value, onChange }: StopSequencesInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const stops = stopSequencesOf(value);
  const full = stops.length >= MAX_STOP_SEQUENCES;
  const emit = (next: readonly string[]) => onChange(next.length ? [...next] : undefined);

  return (
    <ParameterRow
      label={label}
      htmlFor={inputId}
      hint={t('com_endpoint_stop_hint', { max: MAX_STOP_SEQUENCES })}
      hintId={hintId}
    >
      <div className="flex flex-wrap items-center gap-1.5 rounded-lg border border-border-medium bg-surface-input p-1.5 focus-within:outline-2 focus-within:outline-ring-primary">
        <ul className="contents" aria-label={label}>
          {stops.map((stop, index) => (
            <li
              key={stop}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-surface-secondary py-0.5 ps-2 pe-0.5 text-sm text-text-primary"
            >
              <span className="truncate whitespace-pre font-mono text-xs">{stop}</span>
              <button
                type="button"
                aria-label={t('com_endpoint_stop_remove', { value: stop })}
                onClick={() => emit(removeStopSequence(stops, index))}
                className="rounded p-0.5 text-text-secondary hover:bg-surface-primary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  className="size-3.5"
                >
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          type="text"
          value={draft}
          // Never disabled when full: focus would be lost, and Backspace must still remove.
          aria-describedby={hintId}
          placeholder={full ? t('com_endpoint_stop_full') : t('com_endpoint_stop_placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              const next = addStopSequence(stops, draft);
              if (next !== stops) emit(next);
              setDraft('');
            } else if (event.key === 'Backspace' && draft === '' && stops.length > 0) {
              event.preventDefault();
              emit(removeStopSequence(stops, stops.length - 1));
            }
          }}
          className="min-w-24 flex-1 bg-transparent px-1 py-0.5 text-base text-text-primary placeholder:text-text-tertiary focus:outline-none sm:text-sm"
        />
      </div>
    </ParameterRow>
  );
}
