import { useState } from 'react';
import type { FieldError } from '../utils/validation';

/**
 * Form values checked on every change. A field's error shows once the user has changed that
 * field (or tried to submit); `hasVisibleErrors` is what disables the submit button.
 */
export function useValidatedFields<Name extends string>(
  initial: Record<Name, string>,
  validate: (values: Record<Name, string>) => Record<Name, FieldError | null>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<Name>>(new Set());
  const errors = validate(values);
  const names = Object.keys(initial) as Name[];

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
  };

  return {
    values,
    setValue,
    errorOf: (name: Name): FieldError | null => (touched.has(name) ? errors[name] : null),
    /** Shows every field's error, as a submit attempt does. */
    touchAll: () => setTouched(new Set(names)),
    hasVisibleErrors: names.some((name) => touched.has(name) && errors[name] !== null),
    isValid: names.every((name) => errors[name] === null),
  };
}
