import { type FormEvent, useEffect, useRef, useState } from 'react';

/** A submit that found errors; `attempt` lets a repeat with the same count be announced again. */
export type InvalidSubmit = { attempt: number; count: number };

/**
 * What a submit that finds errors does: focus moves to the first invalid field, where a screen
 * reader reads its error with it (aria-describedby), and the form's live region says how many
 * fields need correcting. Otherwise focus stays on (or, if it disables, falls off) the button
 * while the errors appear unannounced.
 */
export function useInvalidSubmit() {
  const [failed, setFailed] = useState<InvalidSubmit | null>(null);
  const focusNext = useRef<HTMLElement | null>(null);

  // After the render that shows the errors, so the field is announced as invalid with its message.
  useEffect(() => {
    focusNext.current?.focus();
    focusNext.current = null;
  }, [failed]);

  /** Whether the submit may go ahead: true when `invalid` (field names, in form order) is empty. */
  const check = (event: FormEvent<HTMLFormElement>, invalid: readonly string[]): boolean => {
    const first = invalid[0];
    if (first === undefined) {
      setFailed(null);
      return true;
    }
    const field = event.currentTarget.elements.namedItem(first);
    focusNext.current = field instanceof HTMLElement ? field : null;
    setFailed((previous) => ({ attempt: (previous?.attempt ?? 0) + 1, count: invalid.length }));
    return false;
  };
  return { check, failed };
}
